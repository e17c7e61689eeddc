/**
 * What this process last read or computed for members' stats, each kept
 * with the version it was made from: a part's counter from
 * member_stats_versions (bumped by triggers on every write that changes the
 * part), or an answer's signature (the username and the counters of every
 * part it used). A kept value is used only while its version is still the
 * current one, so a session just logged, edited or deleted shows at once,
 * on every instance. Catalog edits (a game's name, genres or year) bump no
 * member, so values holding catalog facts also expire after a while. Bounded by the rows kept,
 * least recently used first out.
 */
export const STATS_CACHE_MAX_AGE_MS = 10 * 60_000;

interface Kept {
  version: string;
  at: number;
  weight: number;
  value: unknown;
}

export function createStatsCache(now: () => number = Date.now, maxRows = 100_000) {
  const kept = new Map<string, Kept>();
  let rows = 0;
  const drop = (key: string) => {
    const old = kept.get(key);
    if (!old) return;
    rows -= old.weight;
    kept.delete(key);
  };
  /** The value kept for this key and version (now the most recently used), or undefined. */
  const peek = <T>(key: string, version: string, maxAgeMs = STATS_CACHE_MAX_AGE_MS): T | undefined => {
    const hit = kept.get(key);
    if (!hit || hit.version !== version || now() - hit.at >= maxAgeMs) return undefined;
    kept.delete(key);
    kept.set(key, hit);
    return hit.value as T;
  };
  /** Keeps a value under the version read BEFORE it was, so it is never kept under a newer version than its data. */
  const set = (key: string, version: string, value: unknown, weight: number) => {
    drop(key);
    const w = Math.max(1, weight);
    kept.set(key, { version, at: now(), weight: w, value });
    rows += w;
    while (rows > maxRows && kept.size > 1) drop(kept.keys().next().value!);
  };
  return {
    peek,
    set,
    /** Whether anything is kept for this key, of any version. */
    has: (key: string) => kept.has(key),
    /**
     * The value kept for this key and version, or `compute`'s, then kept
     * (`weight`: about how many rows it holds; `maxAgeMs`: how long at most). The caller reads the version
     * BEFORE computing, so a value is never kept under a newer version than
     * its data.
     */
    async get<T>(key: string, version: string, compute: () => Promise<T>, weight: (value: T) => number, maxAgeMs = STATS_CACHE_MAX_AGE_MS): Promise<T> {
      const hit = peek<T>(key, version, maxAgeMs);
      if (hit !== undefined) return hit;
      const value = await compute();
      set(key, version, value, weight(value));
      return value;
    },
    get rows() {
      return rows;
    },
  };
}

export type StatsCache = ReturnType<typeof createStatsCache>;
