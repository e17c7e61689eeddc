import { plainLine } from '@vgl/shared';
import type { MailKind, MailMessage } from './mailer.js';

export const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** One plain, readable layout for every mail: greeting, a paragraph, a button, the link spelled out. */
function mail(kind: MailKind, to: string, subject: string, greeting: string, body: string, action: string, link: string, footer: string): MailMessage {
  const text = `${greeting}\n\n${body}\n\n${action}: ${link}\n\n${footer}\n\n— VGL, Track Your Gaming Journey\n`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#0d0f17;font-family:system-ui,sans-serif;color:#eef0f7">
<div style="max-width:520px;margin:0 auto;background:#1a1e2c;border-radius:14px;padding:28px">
<p style="font-size:20px;font-weight:700;margin:0 0 16px">VGL</p>
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#7c3aed;color:#fff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#a9afc4">If the button does not work, open this link: <br><a href="${escapeHtml(link)}" style="color:#c4b5fd">${escapeHtml(link)}</a></p>
<p style="font-size:13px;color:#a9afc4">${escapeHtml(footer)}</p>
</div></body></html>`;
  // One plain line: a subject is a header, and members' words may reach it.
  return { kind, to, subject: plainLine(subject), text, html, link };
}

export const activationMail = (to: string, username: string, link: string) =>
  mail(
    'activation',
    to,
    'Activate your VGL account',
    `Hi ${username},`,
    'Welcome to VGL! Confirm your e-mail address to activate your account and start tracking your games.',
    'Activate my account',
    link,
    'The link works for 7 days. If you did not sign up, ignore this mail.',
  );

export const passwordResetMail = (to: string, username: string, link: string) =>
  mail(
    'password_reset',
    to,
    'Reset your VGL password',
    `Hi ${username},`,
    'Someone (hopefully you) asked to reset the password of your VGL account.',
    'Choose a new password',
    link,
    'The link works for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
  );

export const emailChangeMail = (to: string, username: string, link: string) =>
  mail(
    'email_change',
    to,
    'Confirm your new e-mail address',
    `Hi ${username},`,
    'Confirm that this is the new e-mail address of your VGL account.',
    'Confirm my e-mail address',
    link,
    'The link works for 24 hours. If you did not ask for this change, ignore this mail.',
  );

/** Approval mode: a moderator admitted the account; opening the link proves the address and activates it. */
export const approvalMail = (to: string, username: string, link: string) =>
  mail(
    'registration',
    to,
    'Your VGL account was approved',
    `Hi ${username},`,
    'Good news: a moderator approved your VGL account. Confirm your e-mail address to activate it, then sign in and start tracking your games.',
    'Activate my account',
    link,
    'The link works for 7 days. If you did not sign up, ignore this mail.',
  );

/** Approval mode: a moderator declined the sign-up (the account is gone); the link leads to the instance. */
export const declinedMail = (to: string, username: string, reason: string, link: string) =>
  mail(
    'registration',
    to,
    'Your VGL sign-up was declined',
    `Hi ${username},`,
    `A moderator declined your request for an account, and it has been removed. The reason given: ${reason}`,
    'Visit VGL',
    link,
    'If you did not sign up, ignore this mail.',
  );

/** `npm run vgl -- mail:test <address>`: proof that the configured mail server takes VGL's mail. */
export function testMail(to: string, publicUrl: string): MailMessage {
  const text = `This is a test mail from VGL at ${publicUrl}.\n\nIf you can read it, the instance can send mail (sign-up activation, password resets).\n\n— VGL, Track Your Gaming Journey\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>This is a test mail from VGL at ${escapeHtml(publicUrl)}.</p><p>If you can read it, the instance can send mail (sign-up activation, password resets).</p></body></html>`;
  return { kind: 'test', to, subject: 'VGL test mail', text, html };
}
