import { MESSAGES } from '@vgl/shared';
import { emailSchema, firstFieldErrors, passwordSchema, registerSchema } from '@vgl/shared/schemas';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../config.js';
import { isUniqueViolation } from '../db/concurrency.js';
import { createDb } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { smtpTransportOptions } from '../mail/mailer.js';
import { testMail } from '../mail/templates.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { usernameHistoryRepo } from '../modules/users/username-history.repo.js';
import { emailKey, usernameKey, usersRepo } from '../modules/users/users.repo.js';
import { CliError, type CliIO } from './cli-io.js';

/** The form's messages, one per field, as a sign-up shows them (SPEC §8). */
const formErrors = (error: z.ZodError) => new CliError(Object.values(firstFieldErrors(error)).join('\n'));

/** Flags out of the arguments; anything else starting with -- is refused with the usage. */
function parseArgs(args: string[], flags: string[], usage: string): { positional: string[]; set: Set<string> } {
  const set = new Set<string>();
  const positional: string[] = [];
  for (const arg of args) {
    if (flags.includes(arg)) set.add(arg);
    else if (arg.startsWith('--')) throw new CliError(`Unknown argument "${arg}". Usage: npm run vgl -- ${usage}`);
    else positional.push(arg);
  }
  return { positional, set };
}

/** The password twice at a terminal (the second is the sign-up form's "repeat"), once from stdin. */
async function newPassword(io: CliIO, fromStdin: boolean): Promise<{ password: string; password2: string }> {
  if (!io.password) throw new CliError('This command needs a password: run it in a terminal, or pipe the password in with --password-stdin.');
  const password = await io.password('New password: ', fromStdin);
  const password2 = fromStdin ? password : await io.password('Repeat the password: ', false);
  return { password, password2 };
}

const USER_CREATE = 'user:create <username> <email> [--admin] [--password-stdin]';

/**
 * An account made by the operator: the sign-up form's rules and messages,
 * active at once (no activation mail: the operator vouches for the
 * address), an admin with --admin. The first admin of a fresh instance is made this way.
 */
export async function userCreate(args: string[], config: Config, io: CliIO): Promise<void> {
  const { positional, set } = parseArgs(args, ['--admin', '--password-stdin'], USER_CREATE);
  if (positional.length !== 2) throw new CliError(`Usage: npm run vgl -- ${USER_CREATE}`);
  const [username, email] = positional as [string, string];
  // Name and address first: no point asking for a password the form would refuse for another field.
  const fields = z.object({ username: registerSchema.shape.username, email: registerSchema.shape.email }).safeParse({ username, email });
  if (!fields.success) throw formErrors(fields.error);
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const k = db.kysely;
    const taken = async () => {
      const problems = [];
      if (await usersRepo.isUsernameTaken(k, fields.data.username)) problems.push(MESSAGES.validation.username.taken);
      if (await usersRepo.isEmailTaken(k, fields.data.email)) problems.push(MESSAGES.validation.email.taken);
      if (problems.length) throw new CliError(problems.join('\n'));
    };
    await taken();
    const form = registerSchema.safeParse({ ...fields.data, ...(await newPassword(io, set.has('--password-stdin'))) });
    if (!form.success) throw formErrors(form.error);
    const now = Date.now();
    const role = set.has('--admin') ? 'admin' : 'user';
    try {
      await usersRepo.insert(k, {
        username: form.data.username,
        username_key: usernameKey(form.data.username),
        email: form.data.email,
        email_key: emailKey(form.data.email),
        password_hash: await hashPassword(form.data.password),
        avatar: null,
        bio: null,
        suspended_reason: null,
        suspended_at: null,
        created_at: now,
        updated_at: now,
        activated_at: now,
        last_login_at: null,
        state: 'active',
        role,
      });
    } catch (error) {
      // Taken meanwhile (a sign-up at the same moment): the unique indexes decide, as for sign-up.
      if (isUniqueViolation(error)) await taken();
      throw error;
    }
    // The name may have been someone's before a rename: it is this account's now.
    await usernameHistoryRepo.release(k, form.data.username);
    io.out(`Created ${form.data.username} <${form.data.email}>${role === 'admin' ? ' as an admin' : ''}; the account is active and can sign in now.`);
  } finally {
    await db.destroy();
  }
}

const USER_PASSWORD = 'user:password <username> [--password-stdin]';

/** A new password set by the operator: the sign-up form's rules, and every session of the user ends, as a password change in the app does. */
export async function userPassword(args: string[], config: Config, io: CliIO): Promise<void> {
  const { positional, set } = parseArgs(args, ['--password-stdin'], USER_PASSWORD);
  if (positional.length !== 1) throw new CliError(`Usage: npm run vgl -- ${USER_PASSWORD}`);
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const user = await usersRepo.findByUsername(db.kysely, positional[0]!);
    if (!user) throw new CliError(`There is no user "${positional[0]}".`);
    const form = z
      .object({ password: passwordSchema, password2: registerSchema.shape.password2 })
      .refine((v) => v.password === v.password2, { path: ['password2'], message: MESSAGES.validation.password2.mismatch })
      .safeParse(await newPassword(io, set.has('--password-stdin')));
    if (!form.success) throw formErrors(form.error);
    // Raising the token version ends every session and refreshable token of the user.
    await usersRepo.update(db.kysely, user.id, { password_hash: await hashPassword(form.data.password), token_version: user.token_version + 1, updated_at: Date.now() });
    io.out(`Set a new password for ${user.username}; every session they had is signed out.`);
  } finally {
    await db.destroy();
  }
}

/** smtp://user:secret@host:587 → smtp://host:587: what the operator sees, without the password. */
const smtpWhere = (url: string) => {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
};

/**
 * One mail, sent at once through SMTP_URL (not the job queue, so the answer
 * is the mail server's): success with its reply, or its error plainly.
 */
export async function mailTest(args: string[], config: Config, io: CliIO): Promise<void> {
  if (args.length !== 1 || args[0]!.startsWith('--')) throw new CliError('Usage: npm run vgl -- mail:test <address>');
  const address = emailSchema.safeParse(args[0]);
  if (!address.success) throw new CliError(address.error.issues[0]!.message);
  if (!config.mail.smtpUrl) {
    throw new CliError(`SMTP_URL is not set, so VGL sends no mail: it writes each one to ${config.dataDir}/outbox instead. Set SMTP_URL (smtp://user:pass@host:587 or smtps://…:465) and try again.`);
  }
  const where = smtpWhere(config.mail.smtpUrl);
  // One connection, and a quick answer when nothing listens (nodemailer waits up to 2 minutes by default).
  const transport = nodemailer.createTransport({ ...smtpTransportOptions(config.mail.smtpUrl), pool: false, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }, { from: config.mail.from });
  try {
    const message = testMail(address.data, config.publicUrl);
    const info = await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html });
    io.out(`Sent a test mail to ${address.data} from ${config.mail.from} through ${where}. The mail server answered: ${info.response}`);
  } catch (error) {
    const e = error as Error & { code?: string; response?: string };
    const detail = e.response ?? e.message;
    throw new CliError(`The test mail was not sent through ${where}: ${detail}${e.code ? ` (${e.code})` : ''}`);
  } finally {
    transport.close();
  }
}
