import { describe, expect, it } from 'vitest';
import { finishedSummary } from './stats.js';

describe('the year in review’s finished line', () => {
  it('counts games and plays, the replays only when there are some, and leaves out empty groups', () => {
    expect(finishedSummary({ beaten: 12, playsFinished: 14, replaysFinished: 2 })).toBe('Finished 12 games · 14 plays (2 replays)');
    expect(finishedSummary({ beaten: 1, playsFinished: 2, replaysFinished: 1 })).toBe('Finished 1 game · 2 plays (1 replay)');
    expect(finishedSummary({ beaten: 1, playsFinished: 1, replaysFinished: 0 })).toBe('Finished 1 game · 1 play');
    // A game finished in the diary only (no play has its Finished date): no plays group.
    expect(finishedSummary({ beaten: 3, playsFinished: 0, replaysFinished: 0 })).toBe('Finished 3 games');
    expect(finishedSummary({ beaten: 1_200, playsFinished: 1_500, replaysFinished: 300 })).toBe('Finished 1,200 games · 1,500 plays (300 replays)');
    expect(finishedSummary({ beaten: 0, playsFinished: 0, replaysFinished: 0 })).toBeNull();
  });
});
