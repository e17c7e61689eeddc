import { describe, expect, it } from 'vitest';
import { roundedDownCount } from './catalog-claims.js';

describe('roundedDownCount', () => {
  it('rounds down to the first digit, so the claim is never more than the catalog holds', () => {
    expect(roundedDownCount(51_967)).toBe('50,000+');
    expect(roundedDownCount(49_999)).toBe('40,000+');
    expect(roundedDownCount(300_000)).toBe('300,000+');
    expect(roundedDownCount(312_345)).toBe('300,000+');
    expect(roundedDownCount(1_000)).toBe('1,000+');
    expect(roundedDownCount(10)).toBe('10+');
  });

  it('says small counts as they are', () => {
    expect(roundedDownCount(0)).toBe('0');
    expect(roundedDownCount(7)).toBe('7');
  });
});
