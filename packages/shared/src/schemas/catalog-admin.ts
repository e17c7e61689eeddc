import { z } from 'zod';
import type { AdminCatalog, CatalogSyncError, CatalogSyncFinished, CatalogSyncReport, CatalogSyncRun, CatalogSyncState } from '../catalog-admin.js';
import { named } from './common.js';

const unixMs = (what: string) => z.number().describe(`${what}, unix ms`);
const count = (what: string) => z.number().int().min(0).describe(what);
const mode = z.enum(['full', 'incremental']).describe('A full crawl of every record, or what changed since the last run');
const trigger = z.enum(['schedule', 'cli', 'admin']).describe('The server’s schedule, `npm run vgl -- catalog:sync`, or an admin’s "Sync now"');
const startedBy = z.string().nullable().describe('The admin who pressed "Sync now"; null otherwise');

export const catalogSyncReportSchema = named(
  'CatalogSyncReport',
  z.object({
    mode,
    games: count('Catalog games saved'),
    related: count('DLC, bundles, editions… saved as related items of their parent game'),
    covers: count('Covers refreshed because IGDB replaced them'),
    pages: count('Pages of games fetched'),
    resumedFrom: count('The IGDB id a full crawl resumed after (0 for a fresh start)'),
    added: count('Wikidata: games new to the catalog').optional(),
    enriched: count('Wikidata: games already in the catalog that it completed').optional(),
    removed: count('Wikidata: games gone from Wikidata and from no member’s library, removed').optional(),
    requests: count('Requests sent to the source').optional(),
  }),
  'What a catalog sync did',
) satisfies z.ZodType<CatalogSyncReport>;

const runSchema = named(
  'CatalogSyncRun',
  z.object({
    mode,
    trigger,
    startedBy,
    startedAt: unixMs('Started'),
    updatedAt: unixMs('When the running process last wrote its progress'),
    pages: count('Pages of games fetched so far'),
    saved: count('Records saved so far (games and their related items)'),
    total: z.number().int().min(0).nullable().describe('How many records this run expects; null until the source has said'),
    rate: z.number().min(0).describe('Records saved per second since the start'),
  }),
  'The sync under way',
) satisfies z.ZodType<CatalogSyncRun>;

const finishedSchema = named(
  'CatalogSyncFinished',
  z.object({ trigger, startedBy, startedAt: unixMs('Started'), finishedAt: unixMs('Finished'), report: catalogSyncReportSchema }),
  'The last sync that finished without an error',
) satisfies z.ZodType<CatalogSyncFinished>;

const errorSchema = named(
  'CatalogSyncError',
  z.object({ message: z.string(), at: unixMs('When the run failed'), mode: mode.nullable(), trigger: trigger.nullable() }),
  'The last sync that failed',
) satisfies z.ZodType<CatalogSyncError>;

export const catalogSyncStateSchema = named(
  'CatalogSyncState',
  z.object({
    running: runSchema.nullable().describe('Null when no sync is running in any process'),
    lastRun: finishedSchema.nullable(),
    lastError: errorSchema.nullable().describe('May be older than lastRun'),
    nextRunAt: unixMs('The server’s next scheduled run').nullable().describe('Null when none is scheduled'),
    nextMode: mode.describe('What the next run does: a full crawl until one has completed, then what changed since'),
  }),
  'A source’s sync, as every process sees it',
) satisfies z.ZodType<CatalogSyncState>;

export const adminCatalogSchema = named(
  'AdminCatalog',
  z.object({
    source: z.object({
      kind: z.enum(['igdb', 'wikidata', 'embedded']).describe('IGDB when the server has IGDB credentials; else Wikidata when its sync is on; else the embedded catalog alone'),
      name: z.string(),
      description: z.string(),
    }),
    counts: z.object({
      games: count('Catalog games'),
      gamesBySource: z.object({ mame: count('From the embedded catalog'), igdb: count('From IGDB'), wikidata: count('From Wikidata'), import: count('From an imported file') }),
      relatedItems: count('DLC, bundles, editions… listed on their parent game’s page'),
      platforms: count('Platforms'),
      genres: count('Genres'),
      themes: count('Themes'),
      companies: count('Companies'),
    }),
    sync: catalogSyncStateSchema.describe('The IGDB sync'),
    wikidata: z.object({
      mode: z.enum(['on', 'manual', 'off']).describe('on: synced on a schedule; manual: only by hand (IGDB is the primary source); off: WIKIDATA_SYNC=off'),
      description: z.string(),
      sync: catalogSyncStateSchema,
    }),
  }),
  'The catalog’s sources, counts and syncs',
) satisfies z.ZodType<AdminCatalog>;
