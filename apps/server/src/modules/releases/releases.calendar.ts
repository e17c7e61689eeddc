import type ical from 'ical-generator';
import { lazyRequire } from '../../lazy.js';

/** ical-generator: loaded by the first calendar asked for. */
const loadIcal = lazyRequire<{ default: typeof ical }>('ical-generator');
import { RELEASE_MESSAGES } from '@vgl/shared';

export interface CalendarGame {
  id: number;
  slug: string;
  name: string;
  /** Unix seconds: the release day (UTC). */
  releaseDate: number;
}

/**
 * A member's releases as iCalendar (RFC 5545), written by ical-generator:
 * one all-day event per game, its UID made of the game's id and this
 * server's host, so a calendar app that polls again updates an event when
 * the date moves instead of adding another.
 */
export function releaseCalendar(username: string, games: CalendarGame[], publicUrl: string, at: Date): string {
  const host = new URL(publicUrl).host;
  const calendar = loadIcal().default({ name: RELEASE_MESSAGES.calendarName(username), prodId: { company: 'VGL', product: 'releases', language: 'EN' }, ttl: 6 * 3600 });
  for (const game of games) {
    // A release day is a calendar date, not an instant: the UTC day, the same wherever the reader is.
    const day = new Date(game.releaseDate * 1000);
    calendar.createEvent({
      id: `vgl-game-${game.id}@${host}`,
      start: new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())),
      allDay: true,
      summary: game.name,
      url: `${publicUrl}/games/${game.slug}`,
      stamp: at,
    });
  }
  return calendar.toString();
}
