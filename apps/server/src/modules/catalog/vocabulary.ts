/**
 * The words of all game names, to correct a typo in a search ("zelad" →
 * "zelda"). Kept in memory (a few MB for a million games), grouped by length
 * so a lookup compares only words of nearly the same length.
 */
export class Vocabulary {
  private readonly byLength = new Map<number, Map<string, number>>();

  add(word: string): void {
    if (word.length < 3) return;
    let bucket = this.byLength.get(word.length);
    if (!bucket) this.byLength.set(word.length, (bucket = new Map()));
    bucket.set(word, (bucket.get(word) ?? 0) + 1);
  }

  has(word: string): boolean {
    return this.byLength.get(word.length)?.has(word) ?? false;
  }

  /** True when some word starts with this prefix (cheap enough: only used for short last words). */
  hasPrefix(prefix: string): boolean {
    for (const [length, bucket] of this.byLength) {
      if (length < prefix.length) continue;
      for (const word of bucket.keys()) if (word.startsWith(prefix)) return true;
    }
    return false;
  }

  /**
   * The most frequent word within the allowed edit distance (one edit for
   * words up to 5 letters, two beyond; a swap of neighbours counts as one),
   * or undefined when none is close.
   */
  correct(word: string): string | undefined {
    const maxDistance = word.length <= 5 ? 1 : 2;
    let best: { word: string; distance: number; count: number } | undefined;
    for (let length = word.length - maxDistance; length <= word.length + maxDistance; length += 1) {
      const bucket = this.byLength.get(length);
      if (!bucket) continue;
      for (const [candidate, count] of bucket) {
        const distance = editDistance(word, candidate, maxDistance);
        if (distance > maxDistance) continue;
        if (!best || distance < best.distance || (distance === best.distance && count > best.count)) {
          best = { word: candidate, distance, count };
        }
      }
    }
    return best?.word;
  }
}

/** Optimal string alignment distance, giving up (returning max + 1) once it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, prevPrev[j - 2]! + 1);
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}
