import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use instead of at start-up. Importing
 * every library at the top made a restart spend about a fifth of its CPU on
 * packages a SQLite instance may never touch (pg, pg-boss, nodemailer,
 * web-push, sharp, …; docs/benchmarks.md, "Start-up and memory"). Loading is
 * synchronous, so the callers stay as they were; the type comes from an
 * `import type` of the same package.
 */
export function lazyRequire<T>(name: string, init?: (loaded: T) => void): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      loaded = require(name) as T;
      init?.(loaded);
    }
    return loaded;
  };
}
