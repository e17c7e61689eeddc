import type { AdminOverview } from '@vgl/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherApp, type TestApp } from '../test/app.js';
import { dbKinds } from '../test/databases.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { bearer, createUser, loginToken } from '../test/users.js';

// Nothing listens on port 1: every try fails at once.
const UNREACHABLE_SMTP = 'smtp://127.0.0.1:1';
const register = (t: TestApp, name: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `${name}@example.com`, username: name, password: 'Secret123', password2: 'Secret123' } });

async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(dbKinds)('mail through the job queue on %s', (kind) => {
  describe('a mail the SMTP server never takes', () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await createTestApp(kind, { env: { SMTP_URL: UNREACHABLE_SMTP }, jobs: { mailRetry: { retryLimit: 2, retryDelaySeconds: 0, backoff: true } } });
      await createUser(t.db.kysely, { username: 'root', role: 'admin' });
      admin = await loginToken(t.app, 'root');
    });
    afterAll(() => t.close());
    const overview = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(admin) })).json<AdminOverview>();

    it('is tried three times, then listed on the dashboard as mail that could not be sent', async () => {
      expect((await overview()).failedMail).toEqual({ total: 0, latest: [] });
      expect((await register(t, 'Lost_01')).statusCode).toBe(201);
      const { failedMail } = await until(async () => {
        const answer = await overview();
        return answer.failedMail.total === 1 && answer;
      });
      expect(failedMail.latest).toEqual([
        { id: expect.any(String), to: 'Lost_01@example.com', subject: 'Activate your VGL account', lastError: expect.stringMatching(/ECONNREFUSED|connect/i), tries: 3, failedAt: expect.any(Number) },
      ]);
    });

    it('goes back in the queue for one more try when an admin retries it, and is listed again when that fails', async () => {
      const [mail] = (await overview()).failedMail.latest;
      const retry = await t.app.inject({ method: 'POST', url: `/api/admin/failed-mail/${mail!.id}/retry`, headers: bearer(admin) });
      expect(retry.statusCode).toBe(204);
      // Refused at once again: listed again, with the extra try counted.
      const again = await until(async () => (await overview()).failedMail.latest.find((m) => m.tries === 4));
      expect(again).toMatchObject({ id: mail!.id, to: 'Lost_01@example.com' });
      expect((await overview()).failedMail.total).toBe(1);
      const missing = await t.app.inject({ method: 'POST', url: '/api/admin/failed-mail/7d4c2f7e-1b8a-4a3c-9a55-2f3a1c0e9b10/retry', headers: bearer(admin) });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('a restart', () => {
    let sink: SmtpSink;
    let first: TestApp;
    let second: TestApp | undefined;
    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterEach(async () => {
      await second?.close();
      await first.close();
    });
    afterAll(() => sink.close());

    it('does not lose a mail waiting for its retry: the next instance on the database sends it', async () => {
      // The first instance's SMTP server is down; it tries once, then the process stops.
      first = await createTestApp(kind, { env: { SMTP_URL: UNREACHABLE_SMTP }, jobs: { mailRetry: { retryLimit: 3, retryDelaySeconds: 1, backoff: false } } });
      expect((await register(first, 'Patient_01')).statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.app.close();
      second = await openAnotherApp(first, { env: { SMTP_URL: sink.url } });
      const mail = await sink.waitFor('Patient_01@example.com', /Activate/);
      expect(mail.text).toContain('/auth/activation/');
    });
  });
});
