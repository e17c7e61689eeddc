/**
 * A one-line progress bar for long work: redrawn in place on a terminal,
 * printed every 20% otherwise (CI logs, files).
 */
export function progressBar(label: string, write: (text: string) => void = (t) => process.stdout.write(t), isTTY = Boolean(process.stdout.isTTY)) {
  let lastStep = -1;
  const started = Date.now();
  return (done: number, total: number) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (isTTY) {
      const width = 30;
      const filled = Math.round(ratio * width);
      write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${seconds}s${ratio === 1 ? '\n' : ''}`);
      return;
    }
    const step = Math.floor(ratio * 5);
    if (step > lastStep) {
      lastStep = step;
      write(`${label}: ${Math.round(ratio * 100)}% (${done}/${total}, ${seconds}s)\n`);
    }
  };
}
