import { NOTIFICATION_GROUP_LABELS, NOTIFICATION_KIND_GROUP, plainExcerpt, plainLine, stripInvisible } from '@vgl/shared';
import { escapeHtml } from '../../mail/templates.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { NotificationMailRow } from './notifications.repo.js';

/** Where links in notification e-mail point, and the unsubscribe links of one mail. */
export interface MailLinks {
  publicUrl: string;
  /** The confirmation page: GET shows a button, it changes nothing (mail scanners follow links). */
  unsubscribePage: string;
  /** RFC 8058's one-click address, for List-Unsubscribe. */
  unsubscribeOneClick: string;
}

/** Members' words in a mail: no bidi or invisible controls, one line. */
const clean = (value: string | null | undefined) => plainLine(value ?? '');

/** A remote display name's length in a mail or push (it may be 100 characters long: federation.sanitize.ts). */
const REMOTE_NAME_MAX = 40;

/**
 * An account on another server as a mail and a push name it, as the app does: "Alice (@alice@mastodon.example)",
 * or its handle alone when it gave no name. Both are that server's words: one plain line here, escaped where
 * they go into HTML (notificationMail, digestMail).
 */
function remoteAccount(handle: string, name: string | null): string {
  const who = clean(handle);
  const chars = Array.from(clean(name));
  const shown = chars.length <= REMOTE_NAME_MAX ? chars.join('') : `${chars.slice(0, REMOTE_NAME_MAX - 1).join('').trimEnd()}…`;
  return shown === '' || shown === who ? who : `${shown} (${who})`;
}

/** What a notification is about and where it is, as a mail names it: "your review of Celeste", "bob's list Cozy games". */
function thing(row: NotificationMailRow, publicUrl: string) {
  const whose = (owner: string | null) => (!owner || owner.toLowerCase() === row.recipient_username.toLowerCase() ? 'your' : `${clean(owner)}'s`);
  if (row.list_slug && row.list_username) {
    return { text: `${whose(row.list_username)} list ${clean(row.list_title)}`, url: `${publicUrl}/u/${row.list_username.toLowerCase()}/lists/${row.list_slug}` };
  }
  if (row.review_slug && row.review_username) {
    return { text: `${whose(row.review_username)} review of ${clean(row.game_name)}`, url: `${publicUrl}/u/${row.review_username.toLowerCase()}/reviews/${row.review_slug}` };
  }
  return { text: 'your review', url: `${publicUrl}/notifications` };
}

/** One notification as a sentence and the link it is about: "bob commented on your review of Celeste". */
export function notificationLine(row: NotificationMailRow, publicUrl: string): { sentence: string; excerpt: string | null; url: string } {
  // An account on another server (a follow request, a like, boost or reply) by its name and @name@host.
  const actor = row.remote_handle !== null ? remoteAccount(row.remote_handle, row.remote_name) : clean(row.actor_username);
  const about = thing(row, publicUrl);
  const excerpt = row.comment_body ? stripInvisible(plainExcerpt(row.comment_body)) : null;
  const comments = `${about.url}#comments`;
  switch (row.kind) {
    case 'followed':
      return { sentence: `${actor} followed you`, excerpt: null, url: `${publicUrl}/u/${row.actor_username.toLowerCase()}` };
    // Requests are approved in Settings → Privacy; an approval links to the member now followed.
    case 'follow_requested':
      return { sentence: `${actor} asked to follow you`, excerpt: null, url: `${publicUrl}/u/${row.recipient_username.toLowerCase()}/settings/privacy` };
    case 'follow_approved':
      return { sentence: `${actor} approved your follow request`, excerpt: null, url: `${publicUrl}/u/${row.actor_username.toLowerCase()}` };
    case 'review_liked':
    case 'list_liked':
      return { sentence: `${actor} liked ${about.text}`, excerpt: null, url: about.url };
    // An account elsewhere shared the review with its followers (an Announce).
    case 'review_boosted':
      return { sentence: `${actor} boosted ${about.text}`, excerpt: null, url: about.url };
    case 'comment_liked':
      return { sentence: `${actor} liked your comment on ${about.text}`, excerpt, url: comments };
    case 'commented':
      return { sentence: `${actor} commented on ${about.text}`, excerpt, url: comments };
    case 'replied':
      return { sentence: `${actor} replied in the comments on ${about.text}`, excerpt, url: comments };
    case 'mentioned':
      // In a comment, or in the review itself.
      return row.comment_body
        ? { sentence: `${actor} mentioned you in a comment on ${about.text}`, excerpt, url: comments }
        : { sentence: `${actor} mentioned you in ${about.text}`, excerpt: null, url: about.url };
    case 'featured':
      return { sentence: `${actor} featured ${about.text} on the home page`, excerpt: null, url: about.url };
    case 'release_dated':
    case 'released':
      // The sentence was written when the alert was made ("Celeste is out today"): the date it told, not today's.
      return { sentence: clean(row.message), excerpt: null, url: row.release_game_slug ? `${publicUrl}/games/${row.release_game_slug}` : `${publicUrl}/notifications` };
    default:
      return { sentence: `${actor} did something about ${about.text}`, excerpt: null, url: `${publicUrl}/notifications` };
  }
}

const unsubscribeHeaders = (links: MailLinks) => ({
  'List-Unsubscribe': `<${links.unsubscribeOneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

function layout(paragraphsHtml: string, links: MailLinks, why: string): string {
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#0d0f17;font-family:system-ui,sans-serif;color:#eef0f7">
<div style="max-width:520px;margin:0 auto;background:#1a1e2c;border-radius:14px;padding:28px">
<p style="font-size:20px;font-weight:700;margin:0 0 16px">VGL</p>
${paragraphsHtml}
<p style="font-size:13px;color:#a9afc4">${escapeHtml(why)}<br><a href="${escapeHtml(links.unsubscribePage)}" style="color:#c4b5fd">Unsubscribe from these e-mails</a></p>
</div></body></html>`;
}

/** One notification, sent at once: who did what to which thing, a button to it, and a one-click way out. */
export function notificationMail(row: NotificationMailRow, links: MailLinks): MailMessage {
  const { sentence, excerpt, url } = notificationLine(row, links.publicUrl);
  const group = NOTIFICATION_KIND_GROUP[row.kind];
  const why = `You get this e-mail because "${group ? NOTIFICATION_GROUP_LABELS[group] : 'Notifications'}" is on in your notification settings.`;
  const quote = excerpt ? `“${excerpt}”` : '';
  const text = `Hi ${clean(row.recipient_username)},\n\n${sentence}.${quote ? `\n\n${quote}` : ''}\n\nOpen it: ${url}\n\n${why}\nUnsubscribe from these e-mails: ${links.unsubscribePage}\n\n— VGL, Track Your Gaming Journey\n`;
  const html = layout(
    `<p>Hi ${escapeHtml(clean(row.recipient_username))},</p><p>${escapeHtml(sentence)}.</p>${quote ? `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #7c3aed">${escapeHtml(quote)}</blockquote>` : ''}
<p style="margin:28px 0"><a href="${escapeHtml(url)}" style="background:#7c3aed;color:#fff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:600">Open it</a></p>`,
    links,
    why,
  );
  return { kind: 'notification', to: row.recipient_email, subject: plainLine(sentence), text, html, link: url, headers: unsubscribeHeaders(links) };
}

/** The day's notifications in one mail, each a line with its link. */
export function digestMail(rows: NotificationMailRow[], links: MailLinks): MailMessage {
  const first = rows[0]!;
  const lines = rows.map((row) => notificationLine(row, links.publicUrl));
  const subject = rows.length === 1 ? `${lines[0]!.sentence}` : `${lines[0]!.sentence}, and ${rows.length - 1} more`;
  const why = 'You get this daily digest because you chose it in your notification settings.';
  const text = `Hi ${clean(first.recipient_username)},\n\nWhat happened on VGL since your last digest:\n\n${lines
    .map((l) => `- ${l.sentence}${l.excerpt ? `: “${l.excerpt}”` : ''}\n  ${l.url}`)
    .join('\n')}\n\nAll your notifications: ${links.publicUrl}/notifications\n\n${why}\nUnsubscribe from these e-mails: ${links.unsubscribePage}\n\n— VGL, Track Your Gaming Journey\n`;
  const html = layout(
    `<p>Hi ${escapeHtml(clean(first.recipient_username))},</p><p>What happened on VGL since your last digest:</p><ul>${lines
      .map((l) => `<li><a href="${escapeHtml(l.url)}" style="color:#c4b5fd">${escapeHtml(l.sentence)}</a>${l.excerpt ? `: “${escapeHtml(l.excerpt)}”` : ''}</li>`)
      .join('')}</ul><p><a href="${escapeHtml(`${links.publicUrl}/notifications`)}" style="color:#c4b5fd">All your notifications</a></p>`,
    links,
    why,
  );
  return { kind: 'digest', to: first.recipient_email, subject: plainLine(subject), text, html, link: `${links.publicUrl}/notifications`, headers: unsubscribeHeaders(links) };
}
