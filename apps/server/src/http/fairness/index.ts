import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import type { Db } from '../../db/database.js';
import { databaseTally } from '../limits/shared-tally.db.js';
import { memoryTally, type SharedTally } from '../limits/shared-tally.js';
import { registerClientBudgets } from './client-budgets.js';
import { processLoadSignals, type LoadSignals } from './load-signals.js';
import { registerLoadShedding } from './load-shedding.js';
import type { FairnessSettings } from './settings.js';

export type { BudgetSettings } from './client-budgets.js';
export type { LoadSignals } from './load-signals.js';
export type { SheddingSettings } from './load-shedding.js';

export type { FairnessSettings } from './settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The client budgets' counts; `flush()` shares this instance's with the others now (tests). */
    budgetTally: SharedTally;
  }
}

/**
 * One client cannot stall everyone (issue 35): per-client budgets on reads
 * and searches, then load shedding, as the first hooks of every request,
 * so a refused request costs nothing else. Their counts are metrics.
 * `signals: false` turns shedding off (tests, whose machine may be slow
 * at any moment); `budgets: false` the budgets (tests that hammer a route).
 */
export function registerFairness(
  app: FastifyInstance,
  { db, settings, signals, budgets = true }: { db: Db; settings: FairnessSettings; signals?: LoadSignals | false; budgets?: boolean },
): void {
  const limited = new Counter({ name: 'vgl_requests_rate_limited_total', help: 'Requests refused with 429 because their client went over a budget (RATE_LIMIT_*)', labelNames: ['budget'], registers: [app.metrics.registry] });
  const shed = new Counter({ name: 'vgl_requests_shed_total', help: 'Requests refused with 503 overloaded by load shedding (SHED_*), by what was saturated', labelNames: ['reason'], registers: [app.metrics.registry] });

  const tally = db.dialect === 'postgres' ? databaseTally(db, { log: (err) => app.log.warn({ err }, 'client budgets: could not share counts; counting here meanwhile') }) : memoryTally();
  app.decorate('budgetTally', tally);
  if (budgets) registerClientBudgets(app, { tally, settings: settings.budgets, onLimited: (budget) => limited.inc({ budget }) });

  const sources = signals === false ? undefined : (signals ?? processLoadSignals(db));
  if (sources) registerLoadShedding(app, { signals: sources, settings: settings.shedding, onShed: (reason) => shed.inc({ reason }) });

  app.addHook('onClose', async () => {
    tally.close();
    sources?.close();
  });
}
