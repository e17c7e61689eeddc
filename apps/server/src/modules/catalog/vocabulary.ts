/**
 * The words of all game names, to correct a typo in a search ("zelad" →
 * "zelda") and to know when a word is so common that counting its matches
 * is pointless. Kept in memory, grouped by first letter and length, so a
 * lookup compares only words that start alike and are nearly as long.
 * Numbers and words under three letters are left out: "2" or "1942" are
 * never typos of each other.
 */
export class Vocabulary {
  /** For each word, how many game names hold it (alternative names add the word, not to the count). */
  private readonly counts = new Map<string, number>();
  private readonly buckets = new Map<string, string[]>();
  /** The words in buckets: those a typo may be corrected to. */
  private readonly inBuckets = new Set<string>();
  private sorted: { words: string[]; before: number[] } | undefined;

  /** `correctable`: a typo may be corrected to it (a name's word), or it only completes a word being typed (an initialism). */
  add(word: string, games = 1, correctable = true): void {
    if (word.length < 3 || /^\d+$/.test(word)) return;
    this.sorted = undefined;
    const count = this.counts.get(word);
    this.counts.set(word, (count ?? 0) + games);
    if (!correctable || this.inBuckets.has(word)) return;
    this.inBuckets.add(word);
    const key = `${word[0]}${word.length}`;
    const bucket = this.buckets.get(key);
    if (bucket) bucket.push(word);
    else this.buckets.set(key, [word]);
  }

  has(word: string): boolean {
    return this.counts.has(word);
  }

  /** How many game names hold the word, or (prefix) words that start with it; a game with two such words counts twice. */
  games(word: string, prefix: boolean): number {
    if (!prefix) return this.counts.get(word) ?? 0;
    const { before } = this.index();
    const [from, to] = this.prefixRange(word);
    return before[to]! - before[from]!;
  }

  /** The known words that start with `prefix` (itself included), or undefined when there are more than `most`. */
  completions(prefix: string, most: number): string[] | undefined {
    const [from, to] = this.prefixRange(prefix);
    return to - from > most ? undefined : this.index().words.slice(from, to);
  }

  /** Where the words that start with `prefix` stand in the sorted index: [from, to). */
  private prefixRange(prefix: string): [number, number] {
    const { words } = this.index();
    return [lowerBound(words, prefix), lowerBound(words, `${prefix}\uffff`)];
  }

  /** The words in order with running totals of their counts, so a prefix's total is two binary searches. */
  index(): { words: string[]; before: number[] } {
    if (!this.sorted) {
      const words = [...this.counts.keys()].sort();
      const before = [0];
      for (const word of words) before.push(before[before.length - 1]! + this.counts.get(word)!);
      this.sorted = { words, before };
    }
    return this.sorted;
  }

  /**
   * The most frequent word within the allowed edit distance (one edit for
   * words up to 5 letters, two beyond; a swap of neighbours counts as one),
   * or undefined when none is close.
   */
  correct(word: string): string | undefined {
    return this.corrections(word, 1)[0];
  }

  /**
   * The nearest words within the allowed distance, at most `most`: nearest first, then the most
   * frequent. More than one when the nearest may not fit the other words ("chrono triger": "tiger"
   * is as near as "trigger" and more common, but no title has "chrono tiger").
   */
  corrections(word: string, most: number): string[] {
    if (word.length < 3 || /^\d+$/.test(word)) return [];
    const maxDistance = word.length <= 5 ? 1 : 2;
    // A typo rarely hits the first letter; swapping the first two letters is the exception we allow.
    const firsts = new Set([word[0]!, word[1]!]);
    const found: { word: string; distance: number; count: number }[] = [];
    for (let length = word.length - maxDistance; length <= word.length + maxDistance; length += 1) {
      const candidates = [...firsts].flatMap((first) => this.buckets.get(`${first}${length}`) ?? []);
      for (const candidate of candidates) {
        const distance = editDistance(word, candidate, maxDistance);
        if (distance <= maxDistance) found.push({ word: candidate, distance, count: this.counts.get(candidate) ?? 0 });
      }
    }
    return found
      .sort((a, b) => a.distance - b.distance || b.count - a.count)
      .slice(0, most)
      .map((c) => c.word);
  }
}

/** The first index whose word is not below `word`. */
function lowerBound(words: string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
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
