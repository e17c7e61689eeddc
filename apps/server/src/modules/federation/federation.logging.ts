import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogLevel, LogRecord } from '@logtape/logtape';
import type { FastifyBaseLogger } from 'fastify';

/*
 * Fedify logs through LogTape, which prints nothing until it is configured:
 * an operator never saw why a remote server's signature failed to verify or
 * why a key could not be fetched. Its records now go to VGL's own log (one
 * JSON line each, `component: "fedify"`, with the category), from warnings up;
 * with LOG_LEVEL=debug or trace, everything Fedify says.
 */

/** LogTape's levels as pino's methods. */
const PINO_LEVEL: Record<LogLevel, 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  debug: 'debug',
  info: 'info',
  warning: 'warn',
  error: 'error',
  fatal: 'fatal',
};

/** Where Fedify's records go: the logger of the app that federates last (one per process, outside tests). */
let target: FastifyBaseLogger | undefined;
let configured: Promise<void> | undefined;

/** A value of a record as a log field: text, numbers and flags as they are, URLs as text, errors as pino's `err`; objects (whole activities) are left out. */
function field(value: unknown): unknown {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  if (value instanceof URL) return value.href;
  if (value instanceof Error) return value;
  return undefined;
}

/** The message with its values in place, as LogTape renders it: text and values alternate. */
function text(record: LogRecord): string {
  return record.message
    .map((part, i) => {
      if (i % 2 === 0) return String(part);
      const value = field(part);
      return value === undefined ? '[object]' : value instanceof Error ? value.message : String(value);
    })
    .join('');
}

export function writeFedifyRecord(log: FastifyBaseLogger, record: LogRecord): void {
  const fields: Record<string, unknown> = { component: 'fedify', category: record.category.join('.') };
  for (const [key, value] of Object.entries(record.properties)) {
    const kept = field(value);
    if (kept === undefined) continue;
    fields[kept instanceof Error ? 'err' : key] = kept;
  }
  log[PINO_LEVEL[record.level]](fields, text(record));
}

/** Sends Fedify's log records to `log`, from `lowest` up. Configured once a process; a later app takes the records over. */
export function routeFedifyLogs(log: FastifyBaseLogger, logLevel: string): Promise<void> {
  target = log;
  const lowest: LogLevel = logLevel === 'debug' || logLevel === 'trace' ? 'debug' : 'warning';
  configured ??= import('@logtape/logtape').then(({ configure }) =>
    configure({
      sinks: { vgl: (record) => target && writeFedifyRecord(target, record) },
      // Fedify adds context (the request's and activity's ids) to its records through it.
      contextLocalStorage: new AsyncLocalStorage(),
      loggers: [
        { category: ['fedify'], sinks: ['vgl'], lowestLevel: lowest },
        // LogTape's own notices (e.g. "configured") stay out unless they are warnings.
        { category: ['logtape', 'meta'], sinks: ['vgl'], lowestLevel: 'warning' },
      ],
    }),
  );
  return configured;
}
