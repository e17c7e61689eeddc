import { JOURNAL_MESSAGES, STATUS_MESSAGES } from '@vgl/shared';
import { describe, expect, it } from 'vitest';
import { aDiaryEntry } from '../profile/profileFixtures';
import { initialSession, readSession, sessionErrorsFrom } from './sessionForm';

const NOW = new Date('2026-11-24T12:00:00');
const values = (overrides: Partial<ReturnType<typeof initialSession>> = {}) => ({ ...initialSession(null, 'hades'), playedOn: '2026-11-20', ...overrides });

describe('the session form’s rules', () => {
  it('sends hours and minutes as whole minutes, with the finished and replay flags', () => {
    expect(readSession(values({ hours: '2', minutes: '5', platform: 'switch', note: '  Boss down.  ', finished: true, replay: true }), null, NOW)).toEqual({
      body: { game: 'hades', playedOn: '2026-11-20', event: 'finished', rating: null, note: 'Boss down.', replay: true, minutes: 125, platform: 'switch' },
    });
    // No time given is no time logged, not zero.
    expect(readSession(values({ note: 'Warm-up.' }), null, NOW)).toMatchObject({ body: { minutes: null, note: 'Warm-up.', platform: null, event: 'played' } });
  });

  it('says an empty session logs nothing before sending it, and takes any one of time, a note or a finish', () => {
    expect(readSession(values(), null, NOW)).toEqual({ errors: { hours: STATUS_MESSAGES.emptySession } });
    // Zero time, blank note, a platform and a replay mark are still nothing.
    expect(readSession(values({ hours: '0', minutes: '0', note: '   ', platform: 'switch', replay: true }), null, NOW)).toEqual({ errors: { hours: STATUS_MESSAGES.emptySession } });
    expect(readSession(values({ minutes: '5' }), null, NOW)).toMatchObject({ body: { minutes: 5 } });
    expect(readSession(values({ note: 'Tried it.' }), null, NOW)).toMatchObject({ body: { note: 'Tried it.' } });
    expect(readSession(values({ finished: true }), null, NOW)).toMatchObject({ body: { event: 'finished' } });
    // The server's words land on the time inputs too.
    expect(sessionErrorsFrom({ minutes: STATUS_MESSAGES.emptySession })).toEqual({ hours: STATUS_MESSAGES.emptySession });
  });

  it('refuses a day in the future, more than a day of play and bad numbers, with messages on the inputs', () => {
    expect(readSession(values({ playedOn: '2026-11-25' }), null, NOW)).toEqual({ errors: { playedOn: 'Date cannot be in the future' } });
    expect(readSession(values({ hours: '24', minutes: '1' }), null, NOW)).toEqual({ errors: { hours: JOURNAL_MESSAGES.sessionTooLong } });
    expect(readSession(values({ hours: '1.5', minutes: '75' }), null, NOW)).toEqual({
      errors: { hours: 'Hours must be a whole number from 0 to 24', minutes: 'Minutes must be a whole number from 0 to 59' },
    });
    expect(readSession(values({ game: '', note: 'x'.repeat(1001) }), null, NOW)).toEqual({ errors: { game: 'Choose a game', note: 'Note must have at most 1,000 characters' } });
  });

  it('keeps what an edited entry has that the form does not show', () => {
    const started = aDiaryEntry({ event: 'started', rating: 8, minutes: 61, platform: { slug: 'win', name: 'PC' } });
    const form = initialSession(started);
    expect(form).toMatchObject({ game: 'elden-ring', hours: '1', minutes: '1', platform: 'win', finished: false });
    expect(readSession(form, started, NOW)).toMatchObject({ body: { event: 'started', rating: 8, minutes: 61 } });
    expect(readSession({ ...form, finished: true }, started, NOW)).toMatchObject({ body: { event: 'finished' } });
  });

  it('puts the server’s errors on the inputs (its minutes are the two time inputs together)', () => {
    expect(sessionErrorsFrom({ minutes: JOURNAL_MESSAGES.minutesRange, playedOn: JOURNAL_MESSAGES.sessionsPerDay, whatever: 'x' })).toEqual({
      hours: JOURNAL_MESSAGES.minutesRange,
      playedOn: JOURNAL_MESSAGES.sessionsPerDay,
    });
  });
});
