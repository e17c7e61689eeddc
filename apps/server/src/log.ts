import { pino, type Logger } from 'pino';

/** Never in a log line: what signs a member in. */
export const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie'];

/**
 * The server process's log: one JSON object per line on stdout (pino), from
 * the first start-up line to the last, so a log collector never meets a line
 * it cannot parse. Fastify logs through this same logger (main.ts), so every
 * line has the same fields: level, time, pid, hostname, msg, and reqId on a
 * request's lines. The level is LOG_LEVEL's once the configuration is read.
 */
export const processLog: Logger = pino({ level: 'info', redact: LOG_REDACT });
