import { CATALOG_SYNC_MESSAGES, MESSAGES, type AdminCatalog, type CatalogCounts, type CatalogSyncFinished, type CatalogSyncMode, type CatalogSyncRun, type CatalogSyncTrigger } from '@vgl/shared';
import { useId } from 'react';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { useAdminCatalog, useSyncNow } from './dashboardApi';
import { ListStatus } from './ListControls';
import { Moment } from './Moment';
import styles from './dashboard.module.css';
import own from './CatalogPage.module.css';

const COUNT_LABELS: [Exclude<keyof CatalogCounts, 'gamesBySource'>, string][] = [
  ['games', 'Games'],
  ['relatedItems', 'DLC, editions and more'],
  ['platforms', 'Platforms'],
  ['genres', 'Genres'],
  ['themes', 'Themes'],
  ['companies', 'Companies'],
];

const SOURCE_NAMES: [keyof CatalogCounts['gamesBySource'], string][] = [
  ['igdb', 'from IGDB'],
  ['wikidata', 'from Wikidata'],
  ['mame', 'from the embedded catalog'],
  ['import', 'imported from a file'],
];

const MODES: Record<CatalogSyncMode, string> = { full: 'Full crawl', incremental: 'Incremental sync' };

const number = (n: number) => n.toLocaleString('en-US');

function who(trigger: CatalogSyncTrigger, startedBy: string | null): string {
  if (trigger === 'admin') return startedBy ?? 'an admin';
  return trigger === 'cli' ? 'the command line (catalog:sync)' : 'the server’s schedule';
}

/** "42 s", "3 min 5 s", "1 h 20 min". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  return m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${Math.floor(m / 60)} h`;
}

/**
 * /dashboard/catalog (admins): where the catalog comes from, what it holds,
 * and the IGDB and Wikidata syncs — the run under way in any process (polled
 * every few seconds while it goes), the last run, the last error, the next
 * scheduled run — each with "Sync now".
 */
export function CatalogPage() {
  usePageMeta({ title: 'Catalog | Dashboard' });
  const role = useAuth((s) => s.user?.role);
  if (role !== 'admin')
    return (
      <p className={styles.error} role="alert">
        {MESSAGES.errors.forbidden} Only admins run the catalog.
      </p>
    );
  return <Catalog />;
}

function Catalog() {
  const catalog = useAdminCatalog();
  const data = catalog.data;
  if (!data) return <ListStatus what="catalog" error={catalog.error} count={null} />;
  return (
    <>
      <Source data={data} />
      <Sync data={data} source="igdb" />
      <Sync data={data} source="wikidata" />
    </>
  );
}

function Source({ data: { source, counts } }: { data: AdminCatalog }) {
  const parts = SOURCE_NAMES.filter(([key]) => counts.gamesBySource[key] > 0).map(([key, label]) => `${number(counts.gamesBySource[key])} ${label}`);
  return (
    <section className={styles.section} aria-labelledby="catalog-source">
      <h2 id="catalog-source">Source</h2>
      <p className={own.source}>
        <strong>{source.name}</strong>
        <span className={own.badge}>In use</span>
      </p>
      <p className={styles.hint}>{source.description}</p>
      <h3 className={styles.visuallyHidden}>What the catalog holds</h3>
      <ul className={`${styles.cards} ${own.counts}`}>
        {COUNT_LABELS.map(([key, label]) => (
          <li key={key}>
            <span className={styles.cardValue}>{number(counts[key])}</span>
            <span className={styles.cardLabel}>{label}</span>
          </li>
        ))}
      </ul>
      {parts.length > 0 && <p className={own.note}>Games: {parts.join(', ')}.</p>}
    </section>
  );
}

/** Why "Sync now" cannot start a source's run here, or null when it can. */
function blockedBecause(data: AdminCatalog, source: 'igdb' | 'wikidata'): string | null {
  const state = source === 'igdb' ? data.sync : data.wikidata.sync;
  if (source === 'igdb' && data.source.kind !== 'igdb') return CATALOG_SYNC_MESSAGES.notConfigured;
  if (source === 'wikidata' && data.wikidata.mode === 'off') return CATALOG_SYNC_MESSAGES.wikidataOff;
  return state.running ? 'A sync is running; wait for it to finish.' : null;
}

function Sync({ data, source }: { data: AdminCatalog; source: 'igdb' | 'wikidata' }) {
  const sync = source === 'igdb' ? data.sync : data.wikidata.sync;
  const available = source === 'igdb' ? data.source.kind === 'igdb' : data.wikidata.mode !== 'off';
  const start = useSyncNow();
  const reasonId = useId();
  const headingId = useId();
  const reason = blockedBecause(data, source);
  const blocked = reason !== null || start.isPending;
  // An error after the last good run is the news; an older one (or one from before the source was turned off) is history.
  const error = sync.lastError;
  const errorIsLatest = error !== null && available && (sync.lastRun === null || error.at > sync.lastRun.finishedAt);
  const notScheduled = source === 'igdb' ? 'None: IGDB is not configured' : data.wikidata.mode === 'off' ? 'None: the Wikidata sync is off' : 'None: run by hand only';

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <h2 id={headingId}>{source === 'igdb' ? 'IGDB sync' : 'Wikidata sync'}</h2>
        <button
          type="button"
          className={`button button-primary button-small ${own.syncButton}`}
          aria-disabled={blocked}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => !blocked && start.mutate(source)}
        >
          {start.isPending ? 'Starting…' : 'Sync now'}
        </button>
      </div>
      {source === 'wikidata' && <p className={styles.hint}>{data.wikidata.description}</p>}
      {reason && (
        <p id={reasonId} className={styles.hint}>
          {reason}
        </p>
      )}

      {error && errorIsLatest && (
        <div className={own.failure} role="alert">
          <strong>
            The last sync failed (<Moment at={error.at} withTime />
            {error.mode && `, ${MODES[error.mode].toLowerCase()}`}).
          </strong>
          <p>{error.message}</p>
          <p className={own.note}>The next run resumes where it stopped.</p>
        </div>
      )}

      {sync.running ? <Running run={sync.running} /> : <p className={own.idle}>No sync is running.</p>}

      <dl className={own.facts}>
        <div>
          <dt>Last sync</dt>
          <dd>{sync.lastRun ? <LastRun run={sync.lastRun} /> : 'Never completed'}</dd>
        </div>
        <div>
          <dt>Next scheduled sync</dt>
          <dd>
            {sync.nextRunAt !== null ? (
              <>
                <Moment at={sync.nextRunAt} withTime /> ({MODES[sync.nextMode].toLowerCase()})
              </>
            ) : available && (source === 'igdb' || data.wikidata.mode === 'on') ? (
              'None scheduled'
            ) : (
              notScheduled
            )}
          </dd>
        </div>
        {error && !errorIsLatest && (
          <div>
            <dt>Earlier error</dt>
            <dd>
              <Moment at={error.at} withTime />: {error.message}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function Running({ run }: { run: CatalogSyncRun }) {
  const labelId = useId();
  const percent = run.total ? Math.min(100, Math.floor((run.saved / run.total) * 100)) : null;
  return (
    <div className={own.running} aria-live="polite" aria-busy="true">
      <p id={labelId} className={own.runningTitle}>
        {MODES[run.mode]} under way{percent !== null && `: ${percent}%`}
      </p>
      <progress className={own.progress} aria-labelledby={labelId} value={run.total ? run.saved : undefined} max={run.total || undefined} />
      <dl className={own.facts}>
        <div>
          <dt>Started</dt>
          <dd>
            <Moment at={run.startedAt} withTime /> by {who(run.trigger, run.startedBy)}
          </dd>
        </div>
        <div>
          <dt>Pages fetched</dt>
          <dd>{number(run.pages)}</dd>
        </div>
        <div>
          <dt>Records saved</dt>
          <dd>{run.total !== null ? `${number(run.saved)} of ${number(run.total)}` : number(run.saved)}</dd>
        </div>
        <div>
          <dt>Rate</dt>
          <dd>{run.rate.toLocaleString('en-US', { maximumFractionDigits: 1 })} records/s</dd>
        </div>
      </dl>
    </div>
  );
}

function LastRun({ run }: { run: CatalogSyncFinished }) {
  const { report } = run;
  const what =
    report.added !== undefined
      ? [
          `${number(report.games)} games read (${number(report.added)} new, ${number(report.enriched ?? 0)} completed)`,
          `${number(report.related)} expansions and DLC`,
          `${number(report.removed ?? 0)} removed`,
          `${number(report.requests ?? 0)} requests`,
        ]
      : [`${number(report.games)} games`, `${number(report.related)} DLC, editions and more`, `${number(report.covers)} covers`, `${number(report.pages)} pages`];
  return (
    <>
      {MODES[report.mode]}, finished <Moment at={run.finishedAt} withTime /> in {duration(run.finishedAt - run.startedAt)}, started by {who(run.trigger, run.startedBy)}
      {report.resumedFrom > 0 && ` (resumed after IGDB id ${number(report.resumedFrom)})`}: {what.join(', ')}.
    </>
  );
}
