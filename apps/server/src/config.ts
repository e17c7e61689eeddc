import { createECDH } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { REGISTRATION_MODES, type RegistrationMode } from '@vgl/shared';
import { VGL_VERSION } from './version.js';
import { parseTrustedProxies, type TrustedProxies } from './http/trusted-proxies.js';
import type { FairnessSettings } from './http/fairness/settings.js';

/**
 * The runtime contract of DESIGN.md: every setting comes from the environment,
 * is parsed once here, and a bad value stops the process with a message that
 * names the variable.
 */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlWithProtocols = (protocols: string[], hint: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, hint);

/** A whole number from 0 (0 turns the setting off) to `max`. */
const wholeNumber = (max: number) => {
  const message = `must be a whole number from 0 to ${max.toLocaleString('en-US')} (0 turns it off)`;
  return z.coerce.number({ error: message }).int(message).min(0, message).max(max, message);
};

/**
 * A client's budgets (per minute, per address): far above what a person
 * browsing or typing in the type-ahead uses (a page view makes a few reads,
 * a search a keystroke), far below a loop of requests.
 */
export const DEFAULT_READS_PER_MINUTE = 1200;
export const DEFAULT_SEARCH_PER_MINUTE = 300;
/**
 * Shed new requests once the event loop's current turn has run this long (ms): the wait of everything behind it.
 * 200 ms: one slow turn (the OpenAPI document built on its first request, a busy shared host) is not overload,
 * and at 75 ms a member's page on a loaded CI machine was answered "overloaded"; at 500 ms a page flood on SQLite
 * pushed the honest client's p99 past 100 ms (bench:flood), at 200 ms it stays under 80 on both databases.
 */
export const DEFAULT_SHED_EVENT_LOOP_DELAY_MS = 200;
/** A query that waited this long for a pooled connection: the pool is behind, not just busy. */
export const DEFAULT_SHED_DB_WAIT_MS = 50;

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
    HOST: z.string().trim().min(1, 'must not be empty').default('localhost'),
    DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data/runtime'),
    DATABASE_URL: optionalText.pipe(
      urlWithProtocols(
        ['postgres:', 'postgresql:'],
        'must be a postgres://user:pass@host:port/db URL (leave it unset to use SQLite)',
      ).optional(),
    ),
    PUBLIC_URL: optionalText.pipe(
      urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// origin, e.g. https://vgl.example.com').optional(),
    ),
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters long').optional()),
    SMTP_URL: optionalText.pipe(
      urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp://user:pass@host:port or smtps:// URL').optional(),
    ),
    MAIL_FROM: optionalText,
    IGDB_CLIENT_ID: optionalText,
    IGDB_CLIENT_SECRET: optionalText,
    IGDB_API_URL: urlWithProtocols(['http:', 'https:'], 'must be an http(s) URL').default('https://api.igdb.com/v4'),
    TWITCH_TOKEN_URL: urlWithProtocols(['http:', 'https:'], 'must be an http(s) URL').default(
      'https://id.twitch.tv/oauth2/token',
    ),
    WIKIDATA_SYNC: z
      .string()
      .trim()
      .toLowerCase()
      .default('')
      .pipe(z.enum(['', 'on', 'off'], 'must be on (sync from Wikidata even beside IGDB), off (keep the instance offline) or unset (on without IGDB keys)')),
    WIKIDATA_SPARQL_URL: urlWithProtocols(['http:', 'https:'], 'must be an http(s) URL of a SPARQL 1.1 endpoint serving Wikidata').default(
      'https://query.wikidata.org/sparql',
    ),
    WIKIDATA_API_URL: urlWithProtocols(['http:', 'https:'], 'must be an http(s) URL of the Wikidata Action API (api.php)').default(
      'https://www.wikidata.org/w/api.php',
    ),
    STEAM_API_KEY: optionalText,
    STEAM_API_URL: urlWithProtocols(['http:', 'https:'], 'must be an http(s) URL').default('https://api.steampowered.com'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ACCESS_LOG: z
      .string()
      .trim()
      .default('on')
      .refine((value) => value === 'on' || value === 'off' || (/^(0(\.\d+)?|1(\.0+)?)$/.test(value)), 'must be on, off, or the share of requests to log, such as 0.01')
      .transform((value) => (value === 'on' ? 1 : value === 'off' ? 0 : Number(value))),
    COMMUNITY_URL: optionalText.pipe(
      urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// link, e.g. https://discord.gg/your-invite (leave it unset for no link)').optional(),
    ),
    API_CORS_ORIGINS: optionalText.pipe(
      z
        .string()
        .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
        .refine(
          (origins) => origins.every((origin) => origin === '*' || /^https?:\/\/[^/\s]+$/.test(origin)),
          'must be a comma-separated list of origins like https://app.example.com (scheme and host, no path), or *',
        )
        .optional(),
    ),
    DB_POOL_MAX: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 200')
      .max(200, 'must be between 1 and 200')
      .default(10),
    DB_STATEMENT_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 (no limit) or between 100 and 3600000 milliseconds')
      .max(3_600_000, 'must be 0 (no limit) or between 100 and 3600000 milliseconds')
      .refine((ms) => ms === 0 || ms >= 100, 'must be 0 (no limit) or between 100 and 3600000 milliseconds')
      .default(30_000),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parsed = parseTrustedProxies(value);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    VGL_ROLE: z
      .string()
      .trim()
      .default('all')
      .pipe(z.enum(['web', 'worker', 'all'], 'must be web (serves requests, sends jobs), worker (works jobs, serves only health checks) or all')),
    RATE_LIMIT_READS_PER_MINUTE: wholeNumber(1_000_000).default(DEFAULT_READS_PER_MINUTE),
    RATE_LIMIT_SEARCH_PER_MINUTE: wholeNumber(1_000_000).default(DEFAULT_SEARCH_PER_MINUTE),
    SHED_EVENT_LOOP_DELAY_MS: wholeNumber(60_000).default(DEFAULT_SHED_EVENT_LOOP_DELAY_MS),
    SHED_DB_QUEUE: wholeNumber(100_000).optional(),
    SHED_DB_WAIT_MS: wholeNumber(60_000).default(DEFAULT_SHED_DB_WAIT_MS),
    REGISTRATION: z
      .string()
      .trim()
      .toLowerCase()
      .default('open')
      .pipe(z.enum(REGISTRATION_MODES, 'must be open, approval (a moderator admits each account), invite (an invite code is needed) or closed')),
    FEDERATION: z
      .string()
      .trim()
      .toLowerCase()
      .default('off')
      .pipe(z.enum(['on', 'off'], 'must be on (members are ActivityPub actors other instances can follow; needs an https PUBLIC_URL) or off')),
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters long (it guards /metrics)').optional()),
    // Web Push (RFC 8292): both keys or neither (then generated into DATA_DIR, see push/vapid.keys.ts).
    VAPID_PUBLIC_KEY: optionalText.pipe(
      z.string().refine((v) => vapidKeyBytes(v, 65, 0x04), 'must be an uncompressed P-256 public key: 65 bytes in base64url (87 characters, starting with B), as `npx web-push generate-vapid-keys` prints').optional(),
    ),
    VAPID_PRIVATE_KEY: optionalText.pipe(z.string().refine((v) => vapidKeyBytes(v, 32), 'must be a P-256 private key: 32 bytes in base64url (43 characters), as `npx web-push generate-vapid-keys` prints').optional()),
    VAPID_SUBJECT: optionalText.pipe(
      urlWithProtocols(['https:', 'mailto:'], 'must be an https:// address or a mailto: address push services can reach you at, e.g. mailto:admin@example.com').optional(),
    ),
  })
  .superRefine((env, ctx) => {
    // On SQLite one process serves: a web-only process would leave every job (mail) waiting for nobody.
    if (env.VGL_ROLE === 'web' && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['VGL_ROLE'], message: 'web needs DATABASE_URL (PostgreSQL) and a worker instance beside it; on SQLite leave it unset (all)' });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with the other VAPID key (or leave both unset: a pair is generated into DATA_DIR)' });
    } else if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && !vapidKeysPair(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'is not the public key of VAPID_PRIVATE_KEY: set the two keys of one pair' });
    }
    // Other servers find our members by PUBLIC_URL's host and sign to its https URLs: Mastodon fetches nothing over http.
    if (env.FEDERATION === 'on' && !env.PUBLIC_URL?.startsWith('https://')) {
      const why = 'on needs PUBLIC_URL to be the public https:// origin of this instance (other servers fetch members and their keys there, never over http)';
      ctx.addIssue({ code: 'custom', path: ['FEDERATION'], message: `${why}; PUBLIC_URL is ${env.PUBLIC_URL ? `${env.PUBLIC_URL}` : 'unset'}` });
    }
    if (Boolean(env.IGDB_CLIENT_ID) !== Boolean(env.IGDB_CLIENT_SECRET)) {
      const missing = env.IGDB_CLIENT_ID ? 'IGDB_CLIENT_SECRET' : 'IGDB_CLIENT_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with the other IGDB credential' });
    }
  });

/** Every variable the schema reads: .env.example must list each one (env-example.test.ts). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

/**
 * `poolMax`: PostgreSQL connections per process at most (DB_POOL_MAX; 10 when not said). `statementTimeoutMs`:
 * PostgreSQL cancels a statement running longer (DB_STATEMENT_TIMEOUT_MS; 30 s when not said, 0 none), answered 503.
 */
export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolMax?: number; statementTimeoutMs?: number };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  publicUrl: string;
  /** Undefined → generated once and kept in DATA_DIR (see secrets.ts). */
  jwtSecret: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  igdb: { clientId: string; clientSecret: string; apiUrl: string; tokenUrl: string } | undefined;
  /**
   * The Wikidata catalog source. mode `on`: synced on the schedule (the
   * default without IGDB keys, or WIKIDATA_SYNC=on); `manual`: IGDB is the
   * primary source and Wikidata runs only by hand; `off`: WIKIDATA_SYNC=off.
   */
  wikidata: WikidataConfig;
  /** The Steam Web API, for importing a member's Steam library; undefined without STEAM_API_KEY. */
  steam: { apiKey: string; apiUrl: string } | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The share of requests written to the access log (1 every one, 0 none); errors are always logged. */
  accessLogSample: number;
  /** Origins whose browser code may call the API (CORS); empty → none. */
  corsOrigins: string[];
  /** The operator's community chat or forum, linked from the footer; undefined → no link. */
  communityUrl: string | undefined;
  /** Proxies whose X-Forwarded-For and X-Request-Id are believed (TRUST_PROXY); undefined → none. */
  trustProxy: TrustedProxies | undefined;
  /** The bearer token /metrics asks for; undefined → no /metrics at all. */
  metricsToken: string | undefined;
  /**
   * One client cannot stall everyone: its budgets of reads and searches per
   * minute (RATE_LIMIT_*), and when to shed new requests (SHED_*); 0 is off.
   */
  fairness: FairnessSettings;
  /** VGL_ROLE: `web` serves and sends jobs, `worker` works jobs and answers only health checks, `all` both. */
  role: 'web' | 'worker' | 'all';
  /** REGISTRATION: who may join until an admin picks a mode on the dashboard (that choice, kept in the database, wins). */
  registration: RegistrationMode;
  /**
   * Web Push: the VAPID keys the operator set (undefined → generated once
   * into DATA_DIR, see push/vapid.keys.ts), and the contact push services
   * see (VAPID_SUBJECT; by default PUBLIC_URL when https, else MAIL_FROM's address).
   */
  push: { keys: VapidKeys | undefined; subject: string };
  /** FEDERATION=on: members are ActivityPub actors at PUBLIC_URL (always https then). */
  federation: boolean;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A base64url key of `bytes` bytes (and, for a public key, the uncompressed point's 0x04 first byte). */
function vapidKeyBytes(value: string, bytes: number, first?: number): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return false;
  const decoded = Buffer.from(value, 'base64url');
  return decoded.length === bytes && (first === undefined || decoded[0] === first);
}

/** Whether the public key is the private key's: a mismatched pair signs what no push service accepts. */
function vapidKeysPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey;
  } catch {
    return false;
  }
}

/** The VAPID contact: an https PUBLIC_URL, else a mailto: of the address mail comes from. */
function vapidSubject(configured: string | undefined, publicUrl: string, mailFrom: string): string {
  if (configured) return configured;
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

export interface WikidataConfig {
  mode: 'on' | 'manual' | 'off';
  sparqlUrl: string;
  apiUrl: string;
  /** Wikimedia asks every client to name itself and a contact: the tool and this instance's URL. */
  userAgent: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const mailFrom = e.MAIL_FROM ?? `VGL <no-reply@${new URL(publicUrl).hostname}>`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DB_POOL_MAX, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS }
      : { kind: 'sqlite', file: path.join(dataDir, 'vgl.sqlite') },
    publicUrl,
    jwtSecret: e.JWT_SECRET,
    mail: { smtpUrl: e.SMTP_URL, from: mailFrom },
    igdb:
      e.IGDB_CLIENT_ID && e.IGDB_CLIENT_SECRET
        ? { clientId: e.IGDB_CLIENT_ID, clientSecret: e.IGDB_CLIENT_SECRET, apiUrl: e.IGDB_API_URL, tokenUrl: e.TWITCH_TOKEN_URL }
        : undefined,
    wikidata: {
      mode: e.WIKIDATA_SYNC === 'off' ? 'off' : e.WIKIDATA_SYNC === 'on' || !(e.IGDB_CLIENT_ID && e.IGDB_CLIENT_SECRET) ? 'on' : 'manual',
      sparqlUrl: e.WIKIDATA_SPARQL_URL,
      apiUrl: e.WIKIDATA_API_URL,
      userAgent: `VGL/${VGL_VERSION} (${publicUrl}; self-hosted video game tracker, catalog sync) Node.js/${process.versions.node}`,
    },
    steam: e.STEAM_API_KEY ? { apiKey: e.STEAM_API_KEY, apiUrl: e.STEAM_API_URL } : undefined,
    logLevel: e.LOG_LEVEL,
    accessLogSample: e.ACCESS_LOG,
    corsOrigins: e.API_CORS_ORIGINS ?? [],
    communityUrl: e.COMMUNITY_URL,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    fairness: {
      budgets: { readsPerMinute: e.RATE_LIMIT_READS_PER_MINUTE, searchPerMinute: e.RATE_LIMIT_SEARCH_PER_MINUTE },
      // A queue twice the pool: each waiting query then waits for about two others to finish.
      shedding: { maxLoopLagMs: e.SHED_EVENT_LOOP_DELAY_MS, maxDbQueue: e.SHED_DB_QUEUE ?? 2 * e.DB_POOL_MAX, maxDbWaitMs: e.SHED_DB_WAIT_MS },
    },
    role: e.VGL_ROLE,
    registration: e.REGISTRATION,
    push: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: vapidSubject(e.VAPID_SUBJECT, publicUrl, mailFrom),
    },
    federation: e.FEDERATION === 'on',
  };
}
