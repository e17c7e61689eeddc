import { describe, expect, it } from 'vitest';
import { isAppRoute } from './routes.js';

describe('known page routes', () => {
  it('match registered pages, params included, and nothing else', () => {
    expect(isAppRoute('/')).toBe(true);
    expect(isAppRoute('/auth/activation/abc123')).toBe(true);
    expect(isAppRoute('/auth/password/new/tok/')).toBe(true);
    expect(isAppRoute('/auth/activation/abc/extra')).toBe(false);
    expect(isAppRoute('/anything-unknown')).toBe(false);
  });
});
