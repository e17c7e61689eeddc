import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { createMailTransport } from './mailer.js';
import { activationMail } from './templates.js';

function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-mail-'));

describe('mail transport', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('sends plain-text and HTML bodies over real SMTP', async () => {
    const { log } = memoryLog();
    const mailer = createMailTransport({ smtpUrl: sink.url, from: 'VGL <no-reply@vgl.test>', outboxDir: tempDir(), log });
    await mailer.deliver(activationMail('bob@example.com', 'Bob <b>', 'https://vgl.test/auth/activation/tok123'));
    const mail = await sink.waitFor('bob@example.com');
    expect(mail.subject).toBe('Activate your VGL account');
    expect(mail.text).toContain('https://vgl.test/auth/activation/tok123');
    expect(mail.html).toContain('href="https://vgl.test/auth/activation/tok123"');
    expect(mail.html).toContain('Bob &lt;b&gt;');
    mailer.close();
  });

  it('without SMTP_URL writes an .eml to the outbox and logs the link', async () => {
    const { log, lines } = memoryLog();
    const outboxDir = tempDir();
    const notices: string[] = [];
    const mailer = createMailTransport({ smtpUrl: undefined, from: 'VGL <no-reply@vgl.test>', outboxDir, log, notice: (t) => notices.push(t) });
    await mailer.deliver(activationMail('carol@example.com', 'Carol', 'https://vgl.test/auth/activation/abc'));
    // A person running the server sees the link on a line of its own, not only inside a JSON log line.
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('Mail to carol@example.com: Activate your VGL account');
    expect(notices[0]).toContain('\n  https://vgl.test/auth/activation/abc\n');
    const [file] = fs.readdirSync(outboxDir);
    expect(file).toMatch(/\.eml$/);
    expect(fs.readFileSync(path.join(outboxDir, file!), 'utf8')).toContain('To: carol@example.com');
    expect(lines.find((l) => l.msg === 'mail written to the outbox')).toMatchObject({ link: 'https://vgl.test/auth/activation/abc' });
  });

  it('fails a try when the server cannot be reached, so the job queue retries it (mail.jobs.test.ts)', async () => {
    const { log } = memoryLog();
    const outboxDir = tempDir();
    // Nothing listens on port 1: the attempt fails at once.
    const mailer = createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', from: 'VGL <x@vgl.test>', outboxDir, log });
    await expect(mailer.deliver(activationMail('dave@example.com', 'Dave', 'https://vgl.test/auth/activation/zzz'))).rejects.toThrow();
    expect(fs.readdirSync(outboxDir)).toHaveLength(0);
    mailer.close();
  });
});
