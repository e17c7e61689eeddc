import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { createMailer } from './mailer.js';
import { activationMail } from './templates.js';

function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-mail-'));

describe('mailer', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('sends plain-text and HTML bodies over real SMTP', async () => {
    const { log } = memoryLog();
    const mailer = createMailer({ smtpUrl: sink.url, from: 'VGL <no-reply@vgl.test>', outboxDir: tempDir(), log });
    await mailer.send(activationMail('bob@example.com', 'Bob <b>', 'https://vgl.test/auth/activation/tok123'));
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
    const mailer = createMailer({ smtpUrl: undefined, from: 'VGL <no-reply@vgl.test>', outboxDir, log, notice: (t) => notices.push(t) });
    await mailer.send(activationMail('carol@example.com', 'Carol', 'https://vgl.test/auth/activation/abc'));
    // A person running the server sees the link on a line of its own, not only inside a JSON log line.
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('Mail to carol@example.com: Activate your VGL account');
    expect(notices[0]).toContain('\n  https://vgl.test/auth/activation/abc\n');
    const [file] = fs.readdirSync(outboxDir);
    expect(file).toMatch(/\.eml$/);
    expect(fs.readFileSync(path.join(outboxDir, file!), 'utf8')).toContain('To: carol@example.com');
    expect(lines.find((l) => l.msg === 'mail written to the outbox')).toMatchObject({ link: 'https://vgl.test/auth/activation/abc' });
  });

  it('retries a failing server, then keeps the mail in the outbox and logs an error', async () => {
    const { log, lines } = memoryLog();
    const outboxDir = tempDir();
    // Nothing listens on port 1: every attempt fails at once.
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'VGL <x@vgl.test>', outboxDir, log, retryDelaysMs: [10, 10] });
    await mailer.send(activationMail('dave@example.com', 'Dave', 'https://vgl.test/auth/activation/zzz'));
    expect(lines.filter((l) => l.msg === 'mail sending failed; retrying')).toHaveLength(2);
    expect(lines.find((l) => l.msg === 'mail could not be sent; kept in the outbox')).toMatchObject({ level: 50 });
    expect(fs.readdirSync(outboxDir)).toHaveLength(1);
    mailer.close();
  });
});
