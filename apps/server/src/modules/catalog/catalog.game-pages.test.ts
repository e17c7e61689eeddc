import { describe, expect, it } from 'vitest';
import { keptGamePages } from './catalog.game-pages.js';

describe('keptGamePages', () => {
  it('makes a page once until the catalog changes, and keeps the most recently asked-for', async () => {
    const made: string[] = [];
    const pages = keptGamePages(async (slug) => {
      made.push(slug);
      return `${slug} #${made.length}`;
    }, 2);
    expect(await pages.get('zelda')).toBe('zelda #1');
    expect(await pages.get('zelda')).toBe('zelda #1');
    await pages.get('mario');
    await pages.get('zelda');
    await pages.get('sonic'); // over the size: mario, asked for longest ago, goes
    expect(made).toEqual(['zelda', 'mario', 'sonic']);
    await pages.get('zelda');
    await pages.get('mario');
    expect(made).toEqual(['zelda', 'mario', 'sonic', 'mario']);

    pages.clear();
    expect(await pages.get('zelda')).toBe('zelda #5');
  });

  it('does not keep a page made while the catalog changed, nor a failure', async () => {
    let release: () => void = () => {};
    let calls = 0;
    const pages = keptGamePages(async (slug) => {
      calls += 1;
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      if (slug === 'missing') throw new Error('There is no game "missing".');
      return `${slug} #${calls}`;
    });
    const during = pages.get('zelda');
    pages.clear();
    release();
    expect(await during).toBe('zelda #1');
    expect(await pages.get('zelda')).toBe('zelda #2');
    await expect(pages.get('missing')).rejects.toThrow('There is no game');
    await expect(pages.get('missing')).rejects.toThrow('There is no game');
    expect(calls).toBe(4);
  });
});
