/**
 * An IN list padded to a power of two (at least 8) by repeating its first
 * value. SQLite compiles and caches a statement per distinct SQL text, and a
 * list of every length between 1 and 500 made hundreds of large statements
 * per query across a sync (each holding its compiled program in the shared
 * statement cache, and pushing the pages' statements out); padded, a query
 * has at most eight shapes. Repeating a value changes no answer of `in`.
 */
export function padded<T>(values: T[]): T[] {
  if (values.length === 0) return values;
  let size = 8;
  while (size < values.length) size *= 2;
  return size === values.length ? values : values.concat(Array<T>(size - values.length).fill(values[0]!));
}
