import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@vgl/shared';
import { ApiRequestError } from '../../lib/api';

/** Same text as commentInputSchema's; the schema itself stays out of this chunk (it would pull in zod). */
export const TOO_LONG = `A comment must have at most ${SOCIAL_LIMITS.commentMaxLength.toLocaleString('en-US')} characters`;

/** The problem with a comment before sending it, or null: trimmed, 1 to commentMaxLength characters. */
export function commentProblem(body: string): string | null {
  const text = body.trim();
  if (text.length === 0) return SOCIAL_MESSAGES.emptyComment;
  if (text.length > SOCIAL_LIMITS.commentMaxLength) return TOO_LONG;
  return null;
}

/** What to tell the author when the server refused or failed to save a comment. */
export function commentFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const fieldError = error.body?.errors?.body;
    if (error.status === 400) return fieldError ?? error.body?.message ?? SOCIAL_MESSAGES.emptyComment;
    if (error.status === 401) return 'Your session has ended. Log in again to comment.';
    if (error.status === 429) return error.body?.message ?? SOCIAL_MESSAGES.slowDown;
    if (error.status < 500 && error.body?.message) return error.body.message;
  }
  console.error('Saving the comment failed', error);
  return 'The comment could not be saved. Please try again.';
}
