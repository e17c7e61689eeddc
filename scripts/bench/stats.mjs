/** Percentiles of a list of durations in milliseconds. */
export function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { p50: at(50), p95: at(95), p99: at(99) };
}

export async function timeEach(inputs, fn) {
  const samples = [];
  for (const input of inputs) {
    const start = process.hrtime.bigint();
    await fn(input);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return percentiles(samples);
}

export const fmt = (n) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
