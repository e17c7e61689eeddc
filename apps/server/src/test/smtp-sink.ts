import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header, names lower-cased, values as sent (unfolded). */
  headers: Record<string, string>;
}

export interface SmtpSinkOptions {
  /** Recipients the server refuses (550), as a real one refuses an unknown mailbox; each refusal is counted in `refused`. */
  refuse?: (to: string) => boolean;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests of the real mail client. */
export async function startSmtpSink({ refuse }: SmtpSinkOptions = {}) {
  const mails: ReceivedMail[] = [];
  const refused: string[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // close() waits this long for the app's pooled connection to say QUIT before cutting it: the default 30 s
    // was spent at the end of every file with a sink (the app under test keeps its pool open until it stops).
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      if (!refuse?.(address.address)) return callback();
      refused.push(address.address);
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          const headers = Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim()]));
          mails.push({ to: to ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '', html: String(parsed.html || ''), headers });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refused,
    /**
     * Waits until a mail to this address (and matching the subject, if given)
     * has arrived; with `after`, only mails received after that many count.
     */
    async waitFor(to: string, subject?: RegExp, { after = 0, timeoutMs = 10_000 } = {}): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails
          .slice(after)
          .reverse()
          .find((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The first link to this site's path in a mail's text. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+${path.replaceAll('/', '\\/')}\\S+`));
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return match[0];
}
