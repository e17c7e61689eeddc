import { Counter, type Registry } from 'prom-client';
import { MAIL_KINDS, type MailKind } from './mailer.js';

export interface MailCounters {
  sent(kind: MailKind | undefined): void;
  failed(kind: MailKind | undefined): void;
}

/**
 * Mail this process delivered, and tries that failed (a mail retried later
 * counts once per failed try; one out of tries shows in vgl_jobs_failed and
 * on the dashboard). By kind, a bounded set: `other` for jobs queued before
 * mails had one. Every kind starts at 0, so a rate is defined from the first scrape.
 */
export function mailCounters(registry: Registry): MailCounters {
  const labelNames = ['kind'] as const;
  const sent = new Counter({ name: 'vgl_mail_sent_total', help: 'Mails this process handed to the SMTP server (or wrote to the outbox without SMTP_URL), by kind', labelNames, registers: [registry] });
  const failed = new Counter({ name: 'vgl_mail_failed_total', help: 'Tries at delivering a mail that failed in this process (the SMTP server refused or could not be reached), by kind', labelNames, registers: [registry] });
  const kinds = [...MAIL_KINDS, 'other'];
  for (const kind of kinds) {
    sent.inc({ kind }, 0);
    failed.inc({ kind }, 0);
  }
  const label = (kind: MailKind | undefined) => ({ kind: kind && MAIL_KINDS.includes(kind) ? kind : 'other' });
  return { sent: (kind) => sent.inc(label(kind)), failed: (kind) => failed.inc(label(kind)) };
}
