import { MESSAGES } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/passwords.js';
import { usersRepo } from '../modules/users/users.repo.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { captureIO } from '../test/cli.js';
import { dbKinds } from '../test/databases.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { bearer, createUser, loginToken, PASSWORD } from '../test/users.js';
import { runCli } from './run.js';

const v = MESSAGES.validation;

describe.each(dbKinds)('user:create and user:password on %s', (kind) => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    env = { DATA_DIR: t.config.dataDir, ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}) };
  });
  afterAll(() => t.close());

  const run = async (args: string[], passwords: string[] = []) => {
    const io = captureIO(passwords);
    const code = await runCli(args, env, io.io);
    return { code, out: io.out.join('\n'), err: io.err.join('\n'), asked: io.asked };
  };

  it('creates an active admin who can sign in at once, asking the password twice without echo', async () => {
    const made = await run(['user:create', 'Boss_01', 'boss01@example.com', '--admin'], ['Secret123', 'Secret123']);
    expect(made).toMatchObject({ code: 0, err: '', out: 'Created Boss_01 <boss01@example.com> as an admin; the account is active and can sign in now.' });
    expect(made.asked).toEqual([
      { prompt: 'New password: ', fromStdin: false },
      { prompt: 'Repeat the password: ', fromStdin: false },
    ]);
    const user = (await usersRepo.findByUsername(t.db.kysely, 'boss_01'))!;
    expect(user).toMatchObject({ username: 'Boss_01', email: 'boss01@example.com', role: 'admin', state: 'active' });
    expect(await verifyPassword(user.password_hash, 'Secret123')).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'Boss_01', password: 'Secret123' } })).statusCode).toBe(200);
  });

  it('reads the password once from stdin with --password-stdin, and makes a member without --admin', async () => {
    const made = await run(['user:create', 'Piped_01', 'piped01@example.com', '--password-stdin'], ['Secret123']);
    expect(made.code).toBe(0);
    expect(made.asked).toEqual([{ prompt: 'New password: ', fromStdin: true }]);
    expect((await usersRepo.findByUsername(t.db.kysely, 'Piped_01'))!.role).toBe('user');
  });

  it('refuses what sign-up refuses, with sign-up’s exact messages', async () => {
    const cases: [string[], string[], string][] = [
      [['user:create', 'ab', 'ab@example.com'], [], v.username.tooShort],
      [['user:create', 'Fine_name', 'not-an-address'], [], v.email.format],
      [['user:create', 'Boss_01', 'other@example.com'], [], v.username.taken],
      [['user:create', 'Other_01', 'BOSS01@example.com'], [], v.email.taken],
      [['user:create', 'Weak_01', 'weak01@example.com'], ['secret', 'secret'], v.password.tooShort],
      [['user:create', 'Weak_02', 'weak02@example.com'], ['secretsecret', 'secretsecret'], v.password.format],
      [['user:create', 'Weak_03', 'weak03@example.com'], ['Secret123', 'Secret124'], v.password2.mismatch],
    ];
    for (const [args, passwords, message] of cases) {
      const refused = await run(args, passwords);
      expect({ args, code: refused.code, err: refused.err }).toEqual({ args, code: 1, err: message });
    }
    expect(await usersRepo.findByUsername(t.db.kysely, 'Weak_03')).toBeUndefined();
    expect((await run(['user:create', 'Boss_02', 'boss02@example.com', '--root'])).err).toContain('Unknown argument "--root"');
  });

  it('sets a new password and signs the user out everywhere, as a password change does', async () => {
    await createUser(t.db.kysely, { username: 'Forgetful' });
    const token = await loginToken(t.app, 'Forgetful');
    const reset = await run(['user:password', 'forgetful'], ['NewSecret9', 'NewSecret9']);
    expect(reset).toMatchObject({ code: 0, out: 'Set a new password for Forgetful; every session they had is signed out.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'Forgetful', password: PASSWORD } })).statusCode).toBe(401);
    expect(await loginToken(t.app, 'Forgetful', 'NewSecret9')).toEqual(expect.any(String));

    const weak = await run(['user:password', 'Forgetful'], ['short', 'short']);
    expect(weak).toMatchObject({ code: 1, err: v.password.tooShort });
    expect((await run(['user:password', 'Nobody_here'])).err).toBe('There is no user "Nobody_here".');
  });
});

describe('mail:test', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: (to) => to.startsWith('nobody') });
  });
  afterAll(() => sink.close());
  const run = async (args: string[], env: Record<string, string>) => {
    const io = captureIO();
    const code = await runCli(['mail:test', ...args], { DATA_DIR: '/tmp/vgl-mail-test', PUBLIC_URL: 'https://vgl.example.org', ...env }, io.io);
    return { code, out: io.out.join('\n'), err: io.err.join('\n') };
  };

  it('sends a test mail through SMTP_URL and says what the mail server answered', async () => {
    const sent = await run(['ops@example.com'], { SMTP_URL: sink.url });
    expect(sent.code).toBe(0);
    expect(sent.out).toMatch(/^Sent a test mail to ops@example\.com from VGL <no-reply@vgl\.example\.org> through smtp:\/\/127\.0\.0\.1:\d+\. The mail server answered: 250 /);
    const mail = await sink.waitFor('ops@example.com', /VGL test mail/);
    expect(mail.text).toContain('This is a test mail from VGL at https://vgl.example.org.');
  });

  it('reports the mail server’s refusal, or why it could not be reached, plainly', async () => {
    const refused = await run(['nobody@example.com'], { SMTP_URL: sink.url });
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^The test mail was not sent through smtp:\/\/127\.0\.0\.1:\d+: 550 Mailbox unavailable \(EENVELOPE\)$/);
    const unreachable = await run(['ops@example.com'], { SMTP_URL: 'smtp://user:hidden@127.0.0.1:1' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toContain('The test mail was not sent through smtp://127.0.0.1:1: ');
    expect(unreachable.err).toContain('ECONNREFUSED');
    expect(unreachable.err).not.toContain('hidden');
  });

  it('says when no SMTP_URL is set, and refuses an address the sign-up form would', async () => {
    expect((await run(['ops@example.com'], {})).err).toContain('SMTP_URL is not set');
    expect((await run(['not an address'], { SMTP_URL: sink.url })).err).toBe(v.email.format);
  });
});
