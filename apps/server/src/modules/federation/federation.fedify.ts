import type * as FedifyModule from '@fedify/fedify';
import type { Temporal as TemporalModule } from '@js-temporal/polyfill';

/** Fedify's exports, and the Temporal its vocabulary's dates are made of. */
export type Fedify = typeof FedifyModule & { Temporal: typeof TemporalModule };

let loading: Promise<Fedify> | undefined;

/**
 * Fedify, imported on first use: only an instance with FEDERATION=on pays
 * for it (it is a large library of many modules, and start-up is kept
 * cheap, see lazy.ts). A dynamic import of the package itself, not of a
 * file of ours that imports it, so the bundled server (scripts/bundle-server.mjs,
 * which leaves packages as imports) does not load it at start-up either.
 */
export function loadFedify(): Promise<Fedify> {
  loading ??= Promise.all([import('@fedify/fedify'), import('@js-temporal/polyfill')]).then(([fedify, temporal]) => ({ ...fedify, Temporal: temporal.Temporal }));
  return loading;
}

/** Whether this process has imported Fedify (tests: FEDERATION=off never does). */
export const fedifyLoaded = (): boolean => loading !== undefined;
