/** Personal access tokens: what a member makes in Settings → API tokens to call the API from scripts. */
export const TOKEN_LIMITS = {
  /** Tokens one member may have at once. */
  perMember: 20,
  nameMaxLength: 60,
  /** Requests one token may make per minute (its own budget, apart from the per-IP limits). */
  requestsPerMinute: 300,
  /** Every token starts with this, so a leaked one is easy to recognise (and to scan for). */
  prefix: 'vgl_pat_',
} as const;

export type TokenScope = 'read' | 'write';
export const TOKEN_SCOPES: readonly TokenScope[] = ['read', 'write'];

export const TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name, e.g. "backup script".',
  nameTooLong: `The name must have at most ${TOKEN_LIMITS.nameMaxLength} characters`,
  scope: 'Scope must be "read" or "write"',
  tooMany: `You can have at most ${TOKEN_LIMITS.perMember} tokens. Revoke one you no longer use first.`,
  readOnly: 'This token can only read. Make a read-write token to change things.',
  sessionOnly: 'Sign in on the website to do this: personal access tokens cannot manage the account or its tokens.',
  slowDown: `This token made more than ${TOKEN_LIMITS.requestsPerMinute} requests in a minute. Please wait a moment.`,
  notFound: 'There is no such token.',
  invalid: 'This personal access token is not valid: it was revoked, or its owner deleted the account.',
} as const;

/** A token as Settings lists it; the secret itself is shown once, when it is made. */
export interface AccessToken {
  id: number;
  name: string;
  scope: TokenScope;
  /** The first characters of the token, to tell tokens apart. */
  hint: string;
  /** Unix ms. */
  createdAt: number;
  /** Unix ms of the last request made with it, to the minute; null if never used. */
  lastUsedAt: number | null;
}

export interface CreatedAccessToken extends AccessToken {
  /** The token itself: shown once, never again (only its hash is stored). */
  token: string;
}
