import { COMPLETION_LEVELS, PLAY_STATUS, PLAY_STATUSES, PLAY_STATUS_LABELS, type Completion, type DiaryEvent, type PlayStatus } from '@vgl/shared';
import { diaryRow, libraryRow, rowBase, type Cells, type ImportRow } from '../import.rows.js';

const RECORD_TYPES = ['library', 'diary', 'play'];

// Reading VGL's own export (the columns of transfer.csv.ts) back into import rows.

const STATUS_BY_LABEL = new Map(Object.entries(PLAY_STATUS_LABELS).map(([code, label]) => [label.toLowerCase(), Number(code) as PlayStatus]));

function vglStatus(cells: Cells): PlayStatus | null {
  const label = cells.get('status');
  const code = cells.wholeNumber('status_code', 'status_code');
  const fromLabel = label ? (STATUS_BY_LABEL.get(label.toLowerCase()) ?? (/^[1-6]$/.test(label) ? (Number(label) as PlayStatus) : undefined)) : null;
  if (fromLabel === undefined) return cells.fail(`Status must be ${PLAY_STATUSES.map((code) => PLAY_STATUS_LABELS[code]).join(', ')}, not "${label}"`);
  if (code !== null && (code < 1 || code > 6)) return cells.fail(`status_code must be 1, 2, 3, 4, 5 or 6, not ${code}`);
  if (fromLabel !== null && code !== null && fromLabel !== code) return cells.fail(`Status "${label}" and status_code ${code} disagree`);
  return fromLabel ?? (code as PlayStatus | null);
}

function vglRating(cells: Cells): number | null {
  const stars = cells.number('rating_stars', 'rating_stars');
  const rating = cells.number('rating', 'rating');
  if (stars !== null && rating !== null && stars * 2 !== rating) return cells.fail(`rating_stars ${stars} and rating ${rating} disagree (rating is twice the stars)`);
  // The schema checks the range; stars that are not halves fail there as a fractional rating.
  return rating ?? (stars === null ? null : stars * 2);
}

function vglFavourite(cells: Cells): { favourite: boolean; favouritePosition: number | null } {
  const value = cells.get('favourite');
  if (/^[1-9]$/.test(value)) return { favourite: true, favouritePosition: Number(value) };
  return { favourite: cells.boolean('favourite', 'favourite') ?? false, favouritePosition: null };
}

/** playtime_hours back to whole minutes, with the service that counted them. */
function vglPlaytime(cells: Cells): { playtimeMinutes: number | null; playtimeSource: string | null } {
  const hours = cells.number('playtime_hours', 'playtime_hours');
  if (hours !== null && hours < 0) return { playtimeMinutes: cells.fail(`playtime_hours must be 0 or more, not ${hours}`), playtimeSource: null };
  return { playtimeMinutes: hours === null ? null : Math.round(hours * 60), playtimeSource: cells.get('playtime_source').toLowerCase() || null };
}

/** main, main_extras or complete, and only on a Beaten row (as the library form says). */
function vglCompletion(cells: Cells, status: PlayStatus | null): Completion | null {
  const value = cells.get('completion').toLowerCase();
  if (!value) return null;
  if (!(COMPLETION_LEVELS as readonly string[]).includes(value)) return cells.fail(`completion must be ${COMPLETION_LEVELS.join(', ')} or empty, not "${cells.get('completion')}"`);
  if (status !== PLAY_STATUS.beaten) return cells.fail(`completion "${value}" is only for a Beaten game`);
  return value as Completion;
}

function statusAndCompletion(cells: Cells): { status: PlayStatus | null; completion: Completion | null } {
  const status = vglStatus(cells);
  return { status, completion: vglCompletion(cells, status) };
}

/** One record of a VGL file as an import row (null when a cell cannot be read; see cells.errors). */
export function readVglRecord(line: number, cells: Cells): ImportRow | null {
  const type = cells.get('record_type').toLowerCase();
  if (!RECORD_TYPES.includes(type)) return cells.fail(`record_type must be library, diary or play, not "${cells.get('record_type')}"`);
  const base = {
    ...rowBase(line, { title: '' }),
    igdbId: cells.wholeNumber('igdb_id', 'igdb_id'),
    slug: cells.get('game_slug').toLowerCase() || null,
    title: cells.get('title'),
    year: cells.wholeNumber('year', 'year'),
    rating: vglRating(cells),
    loggedAt: cells.instant('logged_at', 'logged_at'),
  };
  if (!base.title && base.igdbId === null && !base.slug) return cells.fail('The row names no game: fill title, game_slug or igdb_id');
  if (type === 'library') {
    return libraryRow(base, {
      platforms: cells.get('platforms').split(/[;,]/).map((p) => p.trim()).filter(Boolean),
      ...statusAndCompletion(cells),
      review: cells.raw('review'),
      reviewedAt: cells.instant('reviewed_at', 'reviewed_at'),
      startedOn: cells.date('started'),
      finishedOn: cells.date('finished'),
      ...vglFavourite(cells),
      owned: cells.boolean('owned', 'owned'),
      notes: cells.raw('notes'),
      ...vglPlaytime(cells),
    });
  }
  const play = cells.wholeNumber('play', 'play');
  if (play !== null && play < 1) return cells.fail(`play must be 1 or more, not ${play}`);
  if (type === 'play') {
    if (play === null) return cells.fail('A play row needs play, its number (1 the first play)');
    const completion = cells.get('completion').toLowerCase();
    if (completion && !(COMPLETION_LEVELS as readonly string[]).includes(completion)) {
      return cells.fail(`completion must be ${COMPLETION_LEVELS.join(', ')} or empty, not "${cells.get('completion')}"`);
    }
    return {
      ...base,
      kind: 'play',
      number: play,
      startedOn: cells.date('started'),
      finishedOn: cells.date('finished'),
      platform: cells.get('platforms').split(/[;,]/)[0]?.trim() || null,
      completion: (completion || null) as Completion | null,
      review: cells.raw('review'),
      reviewedAt: cells.instant('reviewed_at', 'reviewed_at'),
    };
  }
  const playedOn = cells.date('played_on');
  if (!playedOn) return cells.fail('A diary row needs played_on, the date of the play');
  return diaryRow(base, {
    playedOn,
    event: (cells.get('event').toLowerCase() || 'played') as DiaryEvent,
    replay: cells.boolean('replay', 'replay') ?? false,
    hours: cells.number('hours', 'hours'),
    note: cells.raw('note'),
    // A diary row's platforms cell holds its session's platform.
    platform: cells.get('platforms').split(/[;,]/)[0]?.trim() || null,
    rating: base.rating,
    play,
  });
}
