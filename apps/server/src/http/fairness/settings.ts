/**
 * The fairness settings as config.ts reads them. On their own, without the
 * hooks' imports, so the configuration (which tools and the browser tests'
 * helpers load) does not pull the HTTP layer in with it.
 */
export interface BudgetSettings {
  /** Reads (GET and HEAD) a client may make per minute; 0: no budget. */
  readsPerMinute: number;
  /** Searches a client may make per minute (they are reads too, counted on their own); 0: no budget. */
  searchPerMinute: number;
}

export interface SheddingSettings {
  /** Refuse new requests while the event loop's current turn has run longer than this (ms); 0: never. */
  maxLoopLagMs: number;
  /** Refuse new requests while more queries than this wait for a PostgreSQL connection (and have waited maxDbWaitMs); 0: never. */
  maxDbQueue: number;
  /** …and the longest waiting of them has waited more than this (ms): a long queue that moves fast is no reason; 0: its length alone. */
  maxDbWaitMs: number;
}

export interface FairnessSettings {
  budgets: BudgetSettings;
  shedding: SheddingSettings;
}
