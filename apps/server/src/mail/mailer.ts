import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { lazyRequire } from '../lazy.js';

/** nodemailer: loaded with SMTP_URL, or by the first mail written to the outbox. */
const loadNodemailer = lazyRequire<typeof nodemailer>('nodemailer');
import type { FastifyBaseLogger } from 'fastify';

/** What a mail is for: a label of the mail metrics (a bounded set). Jobs queued before it existed have none. */
export type MailKind = 'activation' | 'password_reset' | 'email_change' | 'test' | 'registration' | 'notification' | 'digest';
export const MAIL_KINDS: readonly MailKind[] = ['activation', 'password_reset', 'email_change', 'test', 'registration', 'notification', 'digest'];

export interface MailMessage {
  kind?: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about; logged when mails go to the outbox. */
  link?: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on notification mail. */
  headers?: Record<string, string>;
}

/** Sends mail for the app: resolves once the mail is in the job queue (mail.jobs.ts), not when it is delivered. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** One attempt at delivering a mail: the mail.send job's worker calls it, and the queue retries. */
export interface MailTransport {
  /** Rejects when the SMTP server refuses or cannot be reached. */
  deliver(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /**
   * Where a mail kept in the outbox is told to a person (its link, plainly):
   * by default the terminal, when the server runs in one. The JSON log has
   * it too, but a self-hoster trying VGL should not have to dig for it.
   */
  notice?: (text: string) => void;
}

const terminalNotice = process.stderr.isTTY ? (text: string) => void process.stderr.write(text) : undefined;

/** The outbox notice: who the mail is for, what it is about, and its link on a line of its own. */
export function outboxNotice(message: MailMessage, file: string): string {
  const rule = '─'.repeat(72);
  return [
    '',
    rule,
    `Mail to ${message.to}: ${message.subject}`,
    ...(message.link ? ['Open this link to continue:', `  ${message.link}`] : []),
    `(No SMTP_URL is set, so mail is not sent: it is kept in ${file}.)`,
    rule,
    '',
    '',
  ].join('\n');
}

/**
 * SMTP connections kept open and shared (nodemailer's pool): a burst of mail
 * no longer opens a connection per mail. As many as the mail worker sends at
 * once; each is replaced after 100 mails. SMTP_URL's own query (e.g.
 * ?pool=false or ?maxConnections=2) wins over these.
 */
export const SMTP_CONNECTIONS = 5;
export const smtpTransportOptions = (smtpUrl: string) => ({ url: smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS, maxMessages: 100 });

/**
 * Writes mails as .eml files: the outbox, used without SMTP. One stream transport for every mail, and the files
 * written off the event loop: under bench:soak (notifications of likes and comments by mail) a transport made per
 * mail and the synchronous mkdir and write were some 6 % of the server's time.
 */
function outboxWriter(outboxDir: string, from: string) {
  let eml: Transporter | undefined;
  let dirReady: Promise<unknown> | undefined;
  return async (message: MailMessage): Promise<string> => {
    eml ??= loadNodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await eml.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
    // Made once; made again if it failed (or was removed meanwhile, which the write below reports as ENOENT).
    dirReady ??= fs.promises.mkdir(outboxDir, { recursive: true }).catch((error: unknown) => {
      dirReady = undefined;
      throw error;
    });
    await dirReady;
    const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    try {
      await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await fs.promises.mkdir(outboxDir, { recursive: true });
      await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600 });
    }
    return file;
  };
}

/**
 * Real SMTP through nodemailer when SMTP_URL is set; otherwise every mail
 * lands in DATA_DIR/outbox (of the instance that works the job) and its link
 * is logged, so a self-hoster without a mail server can still activate
 * accounts. Retries are the job queue's, so they survive a restart.
 */
export function createMailTransport({ smtpUrl, from, outboxDir, log, notice = terminalNotice }: MailTransportOptions): MailTransport {
  const transport: Transporter | undefined = smtpUrl ? loadNodemailer().createTransport(smtpTransportOptions(smtpUrl), { from }) : undefined;
  const writeToOutbox = outboxWriter(outboxDir, from);

  async function deliver(message: MailMessage): Promise<void> {
    if (!transport) {
      const file = await writeToOutbox(message);
      log.info({ to: message.to, subject: message.subject, link: message.link, file }, 'mail written to the outbox');
      notice?.(outboxNotice(message, file));
      return;
    }
    await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
    log.info({ to: message.to, subject: message.subject }, 'mail sent');
  }

  return { deliver, close: () => transport?.close() };
}
