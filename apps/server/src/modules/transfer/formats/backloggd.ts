import { PLAY_STATUS, type PlayStatus } from '@vgl/shared';
import { joinNotes, libraryRow, ratingFrom, rowBase, statusMapped, type Cells, type ImportRow } from '../import.rows.js';
import { calendarDay, cellOf, namesIn, textOf, yearOf } from './columns.js';

// Backloggd has no export of its own: members run community scrapers of
// their profile. Two layouts are known, both a title and a rating:
// - "Title,Rating", stars as "4.0" or "3.5" and "0.0" when unrated
//   (Medpus/BackloggdExporter);
// - "Game,Rating", stars as "4/5" or "3.5/5" and "N/A" when unrated, saved
//   with a UTF-8 BOM (hayatimyok000/Backloggd-Exporter).
// Fuller scrapes add a status, platform, review or dates; no published one
// was found, so those are read under their most plausible names when present.

export const BACKLOGGD_TITLE_COLUMNS = ['title', 'game', 'name', 'game title'];

/**
 * Backloggd's own words for where a game is. Played says only that it was
 * played (VGL's Played, 5); Retired is done with a game that has no end,
 * which is Played too; Shelved is set aside to come back to (VGL's Shelved,
 * 6). HowLongToBeat's Retired, giving up, is another thing (Abandoned).
 */
const BACKLOGGD_STATUSES: Record<string, { status: PlayStatus; owned?: boolean }> = {
  playing: { status: PLAY_STATUS.playing },
  played: { status: PLAY_STATUS.played },
  completed: { status: PLAY_STATUS.beaten },
  beaten: { status: PLAY_STATUS.beaten },
  mastered: { status: PLAY_STATUS.beaten },
  abandoned: { status: PLAY_STATUS.abandoned },
  retired: { status: PLAY_STATUS.played },
  shelved: { status: PLAY_STATUS.shelved },
  backlog: { status: PLAY_STATUS.wantToPlay, owned: true },
  wishlist: { status: PLAY_STATUS.wantToPlay, owned: false },
};
/** Statuses VGL holds as they are; the others also go into the note, so nothing is lost. */
const EXACT_STATUSES = new Set(['playing', 'played', 'beaten', 'abandoned', 'shelved', 'backlog', 'wishlist']);
/** Backloggd's statuses that say the game was not finished: a finish date would count it as beaten, so it goes into the note. */
const NOT_FINISHED = new Set<PlayStatus>([PLAY_STATUS.played, PLAY_STATUS.shelved]);

/** "4.0", "3.5/5", "8/10"; "0.0", "N/A", "-" and empty are unrated. */
function backloggdRating(cells: Cells): { rating: number | null; ratingNote: string | null } {
  const value = cellOf(cells, ['rating', 'my rating']);
  const unrated = { rating: null, ratingNote: null };
  if (!value || /^(n\/?a|-+|none)$/i.test(value)) return unrated;
  const match = /^(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+))?$/.exec(value);
  if (!match) return cells.fail(`Rating must be stars like 3.5 or 3.5/5, not "${value}"`) ?? unrated;
  const [score, scale] = [Number(match[1]), match[2] ? Number(match[2]) : 5];
  if (scale <= 0 || score > scale) return cells.fail(`Rating must be from 0.5 to 5 stars, not "${value}"`) ?? unrated;
  return ratingFrom(score, scale);
}

/** One game of a Backloggd scrape: its rating (exact: Backloggd rates in half stars) and what else the scrape has. */
export function readBackloggdRecord(line: number, cells: Cells): ImportRow[] {
  const title = cellOf(cells, BACKLOGGD_TITLE_COLUMNS);
  if (!title) return cells.fail('The row has no title') ?? [];
  const statusCell = cellOf(cells, ['status', 'type']);
  const statusText = statusCell.toLowerCase();
  const known = BACKLOGGD_STATUSES[statusText.replace(/\s+/g, '')];
  const year = yearOf(cellOf(cells, ['year', 'release year', 'release date']));
  const finishedOn = calendarDay(cellOf(cells, ['finished', 'finish date', 'finished on', 'completed on']));
  const unfinished = known !== undefined && NOT_FINISHED.has(known.status);
  return [
    libraryRow(rowBase(line, { title, year, ...backloggdRating(cells) }), {
      platforms: namesIn(cellOf(cells, ['platform', 'platforms', 'played on'])),
      status: known?.status ?? null,
      statusNote: known ? statusMapped('Backloggd', statusText.charAt(0).toUpperCase() + statusText.slice(1), known.status) : null,
      owned: known?.owned ?? null,
      review: textOf(cells, ['review']),
      startedOn: calendarDay(cellOf(cells, ['started', 'start date', 'started on'])),
      // A finish date would count the game as finished in the stats: a game Backloggd says is not finished keeps it in the note only.
      finishedOn: unfinished ? null : finishedOn,
      notes: joinNotes(
        statusText && !EXACT_STATUSES.has(statusText) ? `Backloggd status: ${statusCell}` : null,
        unfinished && finishedOn ? `Backloggd finish date: ${finishedOn}` : null,
      ),
    }),
  ];
}
