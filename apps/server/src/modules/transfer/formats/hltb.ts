import { COMPLETION_LABELS, PLAY_STATUS, type Completion, type PlayStatus } from '@vgl/shared';
import { diaryRow, joinNotes, libraryRow, ratingFrom, rowBase, statusMapped, titleAndYear, type Cells, type ImportRow, type RowBase } from '../import.rows.js';

// HowLongToBeat's export, read by column name, so columns it adds or drops
// later do no harm; only the title column is required.

const HLTB_STATUS_COLUMNS: [string, PlayStatus][] = [
  ['Playing', PLAY_STATUS.playing],
  ['Completed', PLAY_STATUS.beaten],
  // HowLongToBeat's Retired is giving up on a game: Abandoned (Backloggd's Retired is another thing).
  ['Retired', PLAY_STATUS.abandoned],
  ['Backlog', PLAY_STATUS.wantToPlay],
  // HowLongToBeat's Replay list holds games to play again.
  ['Replay', PLAY_STATUS.wantToPlay],
];
/** A Completed game's level: the fullest of its time columns HowLongToBeat has a time in. */
const HLTB_COMPLETION_COLUMNS: [string, Completion][] = [
  ['Completionist', 'complete'],
  ['Main + Extras', 'main_extras'],
  ['Main Story', 'main'],
];
const HLTB_TIME_COLUMNS = ['Progress', 'Main Story', 'Main + Extras', 'Completionist', 'Speed Any%', 'Speed 100%'];
/** Its notes columns but the review's, each a labelled paragraph of the entry's private note. */
const HLTB_NOTES_COLUMNS: [string, string][] = [
  ['General Notes', 'General notes'],
  ['Retired Notes', 'Retired'],
  ['Main Story Notes', 'Main story notes'],
  ['Main + Extras Notes', 'Main + extras notes'],
  ['Completionist Notes', 'Completionist notes'],
  ['Speed Any% Notes', 'Speed any% notes'],
  ['Speed 100% Notes', 'Speed 100% notes'],
];

/** HowLongToBeat writes unknown parts of a date as zeros ("2012-00-00"); a day is all we store. */
function hltbDate(cells: Cells, column: string): string | null {
  const value = cells.get(column);
  if (!value || /^\d{4}-(00-\d{2}|\d{2}-00)$/.test(value)) return null;
  return value;
}

/** "12:30:00", "46:30" (minutes) or "32" (seconds) → hours; "--" is none. */
function hltbHours(cells: Cells, column: string): number | null {
  const value = cells.get(column);
  if (!value || value === '--') return null;
  if (!/^\d+(:\d{1,2}){0,2}$/.test(value)) return cells.fail(`${column} must be a time like 12:30:00, not "${value}"`);
  const seconds = value.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return seconds / 3600;
}

/** A HowLongToBeat export row: the game with its status, score and notes, and its dates as diary rows. */
export function readHltbRecord(line: number, cells: Cells): ImportRow[] {
  if (!cells.get('Title')) return cells.fail('The row has no Title') ?? [];
  const flagged = (column: string) => !['', '0', '--', 'no', 'false'].includes(cells.get(column).toLowerCase());
  const score = cells.number('Review', 'Review');
  // 0 to 100; 0 is unrated. 85 is 4.5 stars, noted as "85/100".
  const { rating, ratingNote } = score !== null && score > 100 ? (cells.fail(`Review must be a score from 0 to 100, not ${score}`) ?? ratingFrom(0, 100)) : ratingFrom(score ?? 0, 100);
  const hours = Math.max(0, ...HLTB_TIME_COLUMNS.map((column) => hltbHours(cells, column) ?? 0));
  const added = cells.get('Added');
  const loggedAt = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(added) ? Date.parse(`${added.replace(' ', 'T')}Z`) : null;
  const base: RowBase = rowBase(line, { ...titleAndYear(cells.get('Title')), rating, ratingNote, loggedAt });
  const startedOn = hltbDate(cells, 'Start Date');
  const finishedOn = hltbDate(cells, 'Completion Date');
  const replay = /re-?play/i.test(cells.get('Playthrough'));
  const flaggedAs = HLTB_STATUS_COLUMNS.find(([column]) => flagged(column));
  const status = flaggedAs?.[1] ?? null;
  const completion =
    status === PLAY_STATUS.beaten ? (HLTB_COMPLETION_COLUMNS.find(([column]) => (hltbHours(cells, column) ?? 0) > 0)?.[1] ?? null) : null;
  const storefront = cells.get('Storefront');
  const rows: ImportRow[] = [
    libraryRow(base, {
      platforms: cells.get('Platform') ? [cells.get('Platform')] : [],
      status,
      completion,
      statusNote: flaggedAs ? statusMapped('HowLongToBeat', flaggedAs[0], status, completion ? ` — ${COMPLETION_LABELS[completion]}` : '') : null,
      review: cells.raw('Review Notes'),
      notes: joinNotes(
        ...HLTB_NOTES_COLUMNS.map(([column, label]) => (cells.get(column) ? `${label}: ${cells.get(column)}` : null)),
        storefront ? `Storefront: ${storefront}` : null,
      ),
      // A storefront is where it was bought.
      owned: storefront ? true : null,
      playtimeMinutes: hours > 0 ? Math.round(hours * 60) : null,
      playtimeSource: hours > 0 ? 'hltb' : null,
      startedOn,
      finishedOn,
    }),
  ];
  if (startedOn) rows.push(diaryRow(base, { playedOn: startedOn, event: 'started', replay }));
  if (finishedOn) rows.push(diaryRow(base, { playedOn: finishedOn, event: 'finished', replay, rating, hours: hours > 0 ? Math.round(hours * 100) / 100 : null }));
  return rows;
}
