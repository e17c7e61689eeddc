import { classifyDbFault, describeFault, type DbFault, type FaultId } from './faults.js';

/** How often the database is tried again while a fault lasts (one query; a small write while a storage fault lasts). */
const CHECK_EVERY_MS = 1000;
/** A fault is over once a check succeeds and none of its kind was seen for this long (deadlocks come in bursts). */
const QUIET_MS = 2000;

export interface FaultLog {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

interface Episode {
  fault: DbFault;
  since: number;
  lastAt: number;
  failures: number;
}

export interface FaultWatch {
  /**
   * An error met anywhere (a request, an idle or checked-out pg client, a job): its fault if it is one. The
   * first of an episode is logged with its cause; the rest are counted.
   */
  notice(err: unknown): DbFault | undefined;
  /** A storage fault still open (SQLite's disk full, read-only or failing): readiness reports it until a write goes through. */
  readonly storage: DbFault | undefined;
  /** Faults open now, for readiness and tests. */
  readonly open: FaultId[];
  /** From now on, log through the app's logger (JSON, with the request logs). */
  logTo(log: FaultLog): void;
  stop(): void;
}

/** Until the app gives its logger (start-up, the CLI): pino-shaped JSON lines on stderr. */
const stderrLog: FaultLog = {
  error: (details, msg) => process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), ...details, msg })}\n`),
  info: (details, msg) => process.stderr.write(`${JSON.stringify({ level: 30, time: Date.now(), ...details, msg })}\n`),
};

/**
 * Database faults as episodes: logged once when one starts, with its cause,
 * and once when it is over ("recovered"), however many requests it failed
 * in between. While one lasts the database is checked every second —
 * `check('write')` while a storage fault is open (SQLite: a small write that
 * must commit, so "space is back" means a write fits), `check('read')`
 * otherwise — so the episode ends, and readiness recovers, without waiting
 * for traffic a load balancer no longer sends. Nothing runs while all is well.
 */
export function createFaultWatch({ where, check }: { where: string; check: (kind: 'read' | 'write') => Promise<void> }): FaultWatch {
  const episodes = new Map<FaultId, Episode>();
  let log = stderrLog;
  let timer: NodeJS.Timeout | undefined;
  let checking = false;
  let stopped = false;

  const storageFault = () => {
    for (const episode of episodes.values()) if (episode.fault.storage) return episode.fault;
    return undefined;
  };

  const tick = async () => {
    if (checking) return;
    checking = true;
    try {
      await check(storageFault() ? 'write' : 'read');
      const now = Date.now();
      for (const [id, episode] of episodes) {
        if (now - episode.lastAt < QUIET_MS) continue;
        episodes.delete(id);
        log.info(
          { fault: id, where, failures: episode.failures, lastedMs: now - episode.since },
          `Recovered: ${where} answers again (${id}, ${episode.failures} failure${episode.failures === 1 ? '' : 's'} over ${((now - episode.since) / 1000).toFixed(1)} s)`,
        );
      }
    } catch (err) {
      // Still failing: counted in its episode (or the start of another kind), not logged again.
      watch.notice(err);
    } finally {
      checking = false;
      if (episodes.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    }
  };

  const watch: FaultWatch = {
    notice(err) {
      const fault = classifyDbFault(err);
      if (!fault || stopped) return fault;
      const now = Date.now();
      const open = episodes.get(fault.id);
      if (open) {
        open.failures += 1;
        open.lastAt = now;
        return fault;
      }
      episodes.set(fault.id, { fault, since: now, lastAt: now, failures: 1 });
      const cause = err instanceof Error ? err.message : String(err);
      log.error({ fault: fault.id, code: fault.code, where, cause }, describeFault(fault, where));
      if (!timer) {
        timer = setInterval(() => void tick(), CHECK_EVERY_MS);
        timer.unref();
      }
      return fault;
    },
    get storage() {
      return storageFault();
    },
    get open() {
      return [...episodes.keys()];
    },
    logTo(next) {
      log = next;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
    },
  };
  return watch;
}
