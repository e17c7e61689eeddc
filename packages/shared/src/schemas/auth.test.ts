import { describe, expect, it } from 'vitest';
import { firstFieldErrors, registerSchema } from './auth.js';

const valid = { email: 'alice@example.com', username: 'alice_99', password: 'Secret123', password2: 'Secret123' };
const errorsFor = (overrides: Partial<typeof valid>) => {
  const result = registerSchema.safeParse({ ...valid, ...overrides });
  return result.success ? {} : firstFieldErrors(result.error);
};

describe('registration rules (SPEC §5, messages of §8)', () => {
  it('accepts a valid registration', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['', 'Enter your email'],
    ['a@b.c', 'Email must have at least 6 characters'],
    [`${'a'.repeat(25)}@example.com`, 'Email must have less than 32 characters'],
    ['alice.example.com', 'Entered value does not match email format'],
    ['alice@example', 'Entered value does not match email format'],
    ['zz<alice@example.com>', 'Entered value does not match email format'],
    ['"a b"@example.com', 'Entered value does not match email format'],
    ['a,b@example.com', 'Entered value does not match email format'],
    ['a@exa_mple.com', 'Entered value does not match email format'],
  ])('email %j → %s', (email, message) => {
    expect(errorsFor({ email }).email).toBe(message);
  });

  it.each(['o.brien+vgl@example.co.uk', "o'neil@example.com", 'zoë@exämple.de'])('accepts the address %j', (email) => {
    expect(errorsFor({ email }).email).toBeUndefined();
  });

  it('allows an email of exactly 32 characters', () => {
    expect(errorsFor({ email: `${'a'.repeat(20)}@example.com` }).email).toBeUndefined();
  });

  it.each([
    ['', 'Enter your username'],
    ['abc', 'Username must have at least 4 characters'],
    ['a'.repeat(17), 'Username must have less than 16 characters'],
    ['_alice', 'Username must start with a letter or number and can contain only latin letters, numbers, underscores, and it must be 4-16 characters long'],
    ['alice-b', 'Username must start with a letter or number and can contain only latin letters, numbers, underscores, and it must be 4-16 characters long'],
    ['jürgen', 'Username must start with a letter or number and can contain only latin letters, numbers, underscores, and it must be 4-16 characters long'],
    ['superADMIN', 'Username contains forbidden words'],
    ['ShitHead', 'Username contains forbidden words'],
    ['xFuCkx', 'Username contains forbidden words'],
  ])('username %j → %s', (username, message) => {
    expect(errorsFor({ username }).username).toBe(message);
  });

  it.each([
    ['', 'Enter your password'],
    ['Ab1', 'Password must have at least 8 characters'],
    [`Ab1${'x'.repeat(30)}`, 'Password must have no more than 32 characters'],
    ['alllower1', 'Password must contain at least one digit, one lowercase letter, one uppercase letter, no spaces, and it must be 8-32 characters long'],
    ['NoDigitsHere', 'Password must contain at least one digit, one lowercase letter, one uppercase letter, no spaces, and it must be 8-32 characters long'],
    ['With Space1', 'Password must contain at least one digit, one lowercase letter, one uppercase letter, no spaces, and it must be 8-32 characters long'],
  ])('password %j → %s', (password, message) => {
    expect(errorsFor({ password, password2: password }).password).toBe(message);
  });

  it('asks to repeat the password, then that both match', () => {
    expect(errorsFor({ password2: '' }).password2).toBe('Repeat your password');
    expect(errorsFor({ password2: 'Secret124' }).password2).toBe('The passwords do not match');
  });

  it('reports a missing field with its "required" message', () => {
    const result = registerSchema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(firstFieldErrors(result.error)).toEqual({
        email: 'Enter your email',
        username: 'Enter your username',
        password: 'Enter your password',
        password2: 'Repeat your password',
      });
    }
  });
});
