import { describe, expect, it } from 'vitest';
import { canLibrary } from './library.policy.js';

const owner = { id: 1, state: 'active' as const };

describe('library policy', () => {
  it('lets anyone read an active account, and only the owner read a suspended one', () => {
    expect(canLibrary(null, 'read', owner)).toBe(true);
    expect(canLibrary(null, 'read', { id: 1, state: 'suspended' })).toBe(false);
    expect(canLibrary({ id: 1, state: 'suspended' }, 'read', { id: 1, state: 'suspended' })).toBe(true);
  });

  it('lets only the owner in good standing write', () => {
    expect(canLibrary(owner, 'write', owner)).toBe(true);
    expect(canLibrary(null, 'write', owner)).toBe(false);
    expect(canLibrary({ id: 2, state: 'active' }, 'write', owner)).toBe(false);
    expect(canLibrary({ id: 1, state: 'suspended' }, 'write', { id: 1, state: 'suspended' })).toBe(false);
  });

  it('lets only the owner read what an entry keeps private, even while suspended', () => {
    expect(canLibrary(owner, 'readPrivate', owner)).toBe(true);
    expect(canLibrary({ id: 1, state: 'suspended' }, 'readPrivate', { id: 1, state: 'suspended' })).toBe(true);
    expect(canLibrary(null, 'readPrivate', owner)).toBe(false);
    expect(canLibrary({ id: 2, state: 'active' }, 'readPrivate', owner)).toBe(false);
  });
});
