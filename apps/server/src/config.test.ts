import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/vgl');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
};

describe('configuration from the environment (DESIGN.md runtime contract)', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({}, '/srv/vgl');
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('/srv/vgl/data/runtime'),
      database: { kind: 'sqlite', file: path.resolve('/srv/vgl/data/runtime/vgl.sqlite') },
      publicUrl: 'http://localhost:3000',
      jwtSecret: undefined,
      mail: { smtpUrl: undefined },
      igdb: undefined,
      steam: undefined,
    });
  });

  it('takes a VAPID key pair only whole, and a contact from PUBLIC_URL or MAIL_FROM by default', () => {
    const keys = { publicKey: 'BPdI96Awo-fIQSdPf0cJnArTtxKlRW72QPXM1RoqqEGejjm0bb77sosp80Edd58E8CjXkrBuOhLsWzhaObleHUo', privateKey: 'FCBlWIT4Z1BG5NH8VzMsxzPDa4d0cTPdId2vHr-cnBo' };
    expect(loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com' }, '/').push).toEqual({ keys, subject: 'mailto:ops@example.com' });
    expect(loadConfig({ PUBLIC_URL: 'https://vgl.example.com' }, '/').push).toEqual({ keys: undefined, subject: 'https://vgl.example.com' });
    expect(loadConfig({ MAIL_FROM: 'VGL <vgl@example.org>' }, '/').push.subject).toBe('mailto:vgl@example.org');
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }, '/').publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://vgl.example.com/' }, '/').publicUrl).toBe('https://vgl.example.com');
  });

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/vgl' }, '/').database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/vgl',
      poolMax: 10,
      statementTimeoutMs: 30_000,
    });
  });

  it('links the footer to COMMUNITY_URL only when the operator sets one', () => {
    expect(loadConfig({}, '/').communityUrl).toBeUndefined();
    expect(loadConfig({ COMMUNITY_URL: ' ' }, '/').communityUrl).toBeUndefined();
    expect(loadConfig({ COMMUNITY_URL: 'https://discord.gg/abc123' }, '/').communityUrl).toBe('https://discord.gg/abc123');
  });

  it('federates only with FEDERATION=on, and refuses it without an https PUBLIC_URL, naming both', () => {
    expect(loadConfig({}, '/').federation).toBe(false);
    expect(loadConfig({ FEDERATION: 'off', PUBLIC_URL: 'http://localhost:3000' }, '/').federation).toBe(false);
    expect(loadConfig({ FEDERATION: 'on', PUBLIC_URL: 'https://vgl.example.com' }, '/').federation).toBe(true);
    for (const env of [{ FEDERATION: 'on' }, { FEDERATION: 'on', PUBLIC_URL: 'http://vgl.example.com' }] as Record<string, string>[]) {
      const [problem, ...more] = problemsOf(env);
      expect(more).toEqual([]);
      expect(problem).toMatch(/^FEDERATION on needs PUBLIC_URL to be the public https:\/\/ origin/);
      expect(problem).toContain(env.PUBLIC_URL ? `PUBLIC_URL is ${env.PUBLIC_URL}` : 'PUBLIC_URL is unset');
    }
    expect(problemsOf({ FEDERATION: 'yes' })[0]).toMatch(/^FEDERATION must be on .* or off$/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }, '/').database.kind).toBe('sqlite');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a number'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres://'],
    [{ PUBLIC_URL: 'vgl.example.com' }, 'PUBLIC_URL must be an http:// or https:// origin'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be an smtp://'],
    [{ IGDB_CLIENT_ID: 'abc' }, 'IGDB_CLIENT_SECRET must be set together'],
    [{ STEAM_API_URL: 'api.steampowered.com' }, 'STEAM_API_URL must be an http(s) URL'],
    [{ VAPID_PUBLIC_KEY: 'BPdI96Awo-fIQSdPf0cJnArTtxKlRW72QPXM1RoqqEGejjm0bb77sosp80Edd58E8CjXkrBuOhLsWzhaObleHUo' }, 'VAPID_PRIVATE_KEY must be set together with the other VAPID key'],
    [{ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'FCBlWIT4Z1BG5NH8VzMsxzPDa4d0cTPdId2vHr-cnBo' }, 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key'],
    [{ VAPID_PUBLIC_KEY: 'BPdI96Awo-fIQSdPf0cJnArTtxKlRW72QPXM1RoqqEGejjm0bb77sosp80Edd58E8CjXkrBuOhLsWzhaObleHUo', VAPID_PRIVATE_KEY: 'x+y' }, 'VAPID_PRIVATE_KEY must be a P-256 private key'],
    [{ VAPID_PUBLIC_KEY: 'BPdI96Awo-fIQSdPf0cJnArTtxKlRW72QPXM1RoqqEGejjm0bb77sosp80Edd58E8CjXkrBuOhLsWzhaObleHUo', VAPID_PRIVATE_KEY: 'orboJnmFII6HRzgtc92O3-edBIws_ayEoFXo8CFBnW4' }, 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY'],
    [{ VAPID_SUBJECT: 'admin@example.com' }, 'VAPID_SUBJECT must be an https:// address or a mailto: address'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ COMMUNITY_URL: 'discord.gg/vgl' }, 'COMMUNITY_URL must be an http:// or https:// link'],
    [{ COMMUNITY_URL: 'javascript:alert(1)' }, 'COMMUNITY_URL must be an http:// or https:// link'],
    [{ DB_POOL_MAX: 'many' }, 'DB_POOL_MAX must be a number'],
    [{ DB_POOL_MAX: '0' }, 'DB_POOL_MAX must be between 1 and 200'],
    [{ DB_POOL_MAX: '201' }, 'DB_POOL_MAX must be between 1 and 200'],
    [{ DB_POOL_MAX: '2.5' }, 'DB_POOL_MAX must be a whole number'],
    [{ DB_STATEMENT_TIMEOUT_MS: 'soon' }, 'DB_STATEMENT_TIMEOUT_MS must be a number of milliseconds'],
    [{ DB_STATEMENT_TIMEOUT_MS: '50' }, 'DB_STATEMENT_TIMEOUT_MS must be 0 (no limit) or between 100 and 3600000 milliseconds'],
    [{ DB_STATEMENT_TIMEOUT_MS: '-1' }, 'DB_STATEMENT_TIMEOUT_MS must be 0 (no limit) or between 100 and 3600000 milliseconds'],
    [{ DB_STATEMENT_TIMEOUT_MS: '1.5' }, 'DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds'],
    [{ TRUST_PROXY: '2' }, 'TRUST_PROXY must name the proxies, not count them'],
    [{ TRUST_PROXY: '10.0.0.0/8,proxy.internal' }, 'TRUST_PROXY "proxy.internal" is not an IP address'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY "10.0.0.0/33" is not an IP address'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 characters long'],
  ])('refuses %o with a message naming the variable', (env, expected) => {
    expect(problemsOf(env).join('\n')).toContain(expected);
  });

  it('limits PostgreSQL statements to DB_STATEMENT_TIMEOUT_MS (0 for none)', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/vgl', DB_STATEMENT_TIMEOUT_MS: '2500' }, '/').database).toMatchObject({ statementTimeoutMs: 2500 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/vgl', DB_STATEMENT_TIMEOUT_MS: '0' }, '/').database).toMatchObject({ statementTimeoutMs: 0 });
  });

  it('sizes the PostgreSQL pool by DB_POOL_MAX', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/vgl', DB_POOL_MAX: '25' }, '/').database).toMatchObject({ poolMax: 25 });
  });

  it('trusts no proxy unless TRUST_PROXY names some (or says true)', () => {
    expect(loadConfig({}, '/').trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'false' }, '/').trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: 'true' }, '/').trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7,::1 ,loopback' }, '/').trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'loopback']);
  });

  it('serves /metrics only with a METRICS_TOKEN', () => {
    expect(loadConfig({}, '/').metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }, '/').metricsToken).toBe('a-long-enough-token');
  });

  it('configures IGDB when both credentials are set, with overridable endpoints', () => {
    const config = loadConfig({ IGDB_CLIENT_ID: 'id', IGDB_CLIENT_SECRET: 'secret', IGDB_API_URL: 'http://127.0.0.1:9/v4' }, '/');
    expect(config.igdb).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      apiUrl: 'http://127.0.0.1:9/v4',
      tokenUrl: 'https://id.twitch.tv/oauth2/token',
    });
  });

  it('enables the Steam import with STEAM_API_KEY, on Steam\'s endpoint unless STEAM_API_URL says otherwise', () => {
    expect(loadConfig({ STEAM_API_KEY: ' ' }, '/').steam).toBeUndefined();
    expect(loadConfig({ STEAM_API_KEY: 'KEY' }, '/').steam).toEqual({ apiKey: 'KEY', apiUrl: 'https://api.steampowered.com' });
    expect(loadConfig({ STEAM_API_KEY: 'KEY', STEAM_API_URL: 'http://127.0.0.1:9' }, '/').steam).toEqual({ apiKey: 'KEY', apiUrl: 'http://127.0.0.1:9' });
  });
});
