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
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  invalidJson: 'The request body is not valid JSON.',
} as const;
