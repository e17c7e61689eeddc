import { describe, expect, it } from 'vitest';
import { validateLogin } from './login.js';

describe('login form rules (SPEC §5, §8)', () => {
  it('requires both fields with the SPEC messages', () => {
    expect(validateLogin({ identifier: ' ', password: '' })).toEqual({
      identifier: 'Enter your email or username',
      password: 'Enter your password',
    });
  });

  it('accepts a filled form', () => {
    expect(validateLogin({ identifier: 'alice', password: 'x' })).toEqual({});
  });
});
