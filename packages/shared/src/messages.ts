/**
 * Every user-facing text of SPEC §8, in one place, so the server and the web
 * app can never drift apart. Tests assert these exact strings.
 */
export const MESSAGES = {
  login: {
    failed: 'Login failed. Please check your credentials.',
    signedIn: 'You have signed in successfully.',
    successful: 'Login successful',
    activationSent: 'Activation email sent',
  },
  username: {
    updated: 'Username updated successfully.',
    relogFailed: 'Error during relogin.',
  },
  validation: {
    email: {
      required: 'Enter your email',
      tooShort: 'Email must have at least 6 characters',
      tooLong: 'Email must have less than 32 characters',
      format: 'Entered value does not match email format',
      taken: 'This email is already in use',
    },
    username: {
      required: 'Enter your username',
      tooShort: 'Username must have at least 4 characters',
      tooLong: 'Username must have less than 16 characters',
      format:
        'Username must start with a letter or number and can contain only latin letters, numbers, underscores, and it must be 4-16 characters long',
      taken: 'This username is already in use',
      forbidden: 'Username contains forbidden words',
    },
    password: {
      required: 'Enter your password',
      tooShort: 'Password must have at least 8 characters',
      tooLong: 'Password must have no more than 32 characters',
      format:
        'Password must contain at least one digit, one lowercase letter, one uppercase letter, no spaces, and it must be 8-32 characters long',
    },
    password2: {
      required: 'Repeat your password',
      mismatch: 'The passwords do not match',
    },
    login: {
      identifierRequired: 'Enter your email or username',
      passwordRequired: 'Enter your password',
    },
  },
  emptyList: 'Nothing found.',
  errors: {
    notFound: "Sorry, we can't find the page you've requested.",
    forbidden: "You don't have permission to access this page.",
  },
} as const;

export type ToastVariant = 'success' | 'alert' | 'warning' | 'info';

/** Default heading and text of each toast variant (SPEC §2 "Toast", §8). */
export const TOAST_DEFAULTS: Record<ToastVariant, { head: string; text: string }> = {
  success: { head: 'Success', text: 'Your changes are saved successfully.' },
  alert: { head: 'Error', text: 'Error has occurred while saving changes.' },
  warning: { head: 'Warning', text: 'Something went wrong.' },
  info: { head: 'Info', text: 'Hello. Have a good day.' },
};

/** Texts of the API's own error answers (not named by SPEC; kept stable for clients). */
export const API_MESSAGES = {
  notFound: 'Not found',
  routeNotFound: (method: string, url: string) => `Route ${method}:${url} not found`,
  internal: 'Something went wrong on our side. Please try again later.',
  badRequest: 'The request is not valid.',
  unauthorized: 'You need to log in first.',
  forbidden: "You don't have permission to do that.",
  tooManyRequests: 'Too many requests. Please slow down and try again in a moment.',
  /** Load shedding's 503: the server is behind; Retry-After says when to ask again. */
  overloaded: 'The server is very busy right now. Please try again in a few seconds.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooDeep: (levels: number) => `The request body is nested too deeply: at most ${levels} levels of objects and arrays.`,
} as const;

/** Account texts SPEC leaves open; both the API and the pages use these. */
export const ACCOUNT_MESSAGES = {
  registered: 'Activation email sent',
  activated: 'Your account is active. You can log in now.',
  invalidLink: 'This link is invalid or has expired.',
  resetSent: 'If an account exists for that address, we have sent it a link to choose a new password.',
  activationResent: 'If that address belongs to an account waiting for activation, we have sent it a new link.',
  passwordChanged: 'Your password has been changed. You can log in now.',
  emailChangeSent: 'We have sent a confirmation link to your new address.',
  emailVerified: 'Your new e-mail address is confirmed.',
  wrongPassword: 'Your password is not correct.',
  suspended: 'Your account is suspended.',
  tooManyLogins: 'Too many login attempts for this account. Please wait 15 minutes and try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  /** The web app's toast when a signed-in call is refused (the token was revoked elsewhere, or expired). */
  sessionEnded: 'Your session has ended. Please log in again.',
} as const;
