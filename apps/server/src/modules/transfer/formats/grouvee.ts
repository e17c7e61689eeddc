import { PLAY_STATUS, type PlayStatus } from '@vgl/shared';
import { diaryRow, joinNotes, libraryRow, ratingFrom, rowBase, statusMapped, titleAndYear, type Cells, type ImportRow, type RowBase } from '../import.rows.js';

// Grouvee's export, read by column name, so columns it adds or drops later
// do no harm; only the name column is required. Older files have 15
// columns; newer ones add igdb_id and review_title among others. Its JSON
// export has the same fields, which import.json.ts turns into the same cells.

const GROUVEE_SHELVES: [RegExp, PlayStatus | 'played'][] = [
  [/^(playing|currently playing)$/, PLAY_STATUS.playing],
  [/^(beaten|completed|finished)$/, PLAY_STATUS.beaten],
  [/^(abandoned|dropped|retired)$/, PLAY_STATUS.abandoned],
  [/^(on hold|on-hold|paused|shelved)$/, PLAY_STATUS.shelved],
  [/^(backlog|wish ?list|want to play)$/, PLAY_STATUS.wantToPlay],
  // Grouvee's Played shelf says the game was played, not that it was finished: a play-through's finish date says that.
  [/^played$/, 'played'],
];

function grouveeJson(cells: Cells, column: string): unknown {
  const value = cells.get(column);
  if (!value) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return cells.fail(`${column} is not Grouvee's JSON: ${value.slice(0, 40)}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Grouvee writes "None" for a missing date and sometimes a time after it. */
function grouveeDate(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim() || value === 'None') return null;
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
}

/** Names from Grouvee's JSON objects ({"PC": {"url": …}}), a JSON list, or plain comma-separated text. */
function grouveeNames(cells: Cells, column: string): string[] {
  const value = cells.get(column);
  if (!value.startsWith('{') && !value.startsWith('[')) return value.split(',').map((n) => n.trim()).filter(Boolean);
  const json = grouveeJson(cells, column);
  if (isObject(json)) return Object.keys(json);
  return Array.isArray(json) ? json.filter((n): n is string => typeof n === 'string') : [];
}

/** The review, its title (newer files) as its first line. */
function grouveeReview(cells: Cells): string | null {
  const title = cells.get('review_title');
  const body = cells.raw('review');
  return title && body ? `${title}\n\n${body}` : title || body;
}

/**
 * Grouvee's status updates ("Beat the first boss"): a JSON list of
 * {status, date} (or of texts), or plain text. VGL has no field for them,
 * so they become the entry's private note, one paragraph each.
 */
function grouveeStatuses(cells: Cells): string | null {
  const value = cells.get('statuses');
  if (!value || value === '[]' || value === '{}') return null;
  const json = value.startsWith('[') || value.startsWith('{') ? grouveeJson(cells, 'statuses') : value;
  // A list of updates, one update, or an object keyed by the updates' texts.
  const list = Array.isArray(json) ? json : isObject(json) && !['status', 'text', 'name'].some((field) => field in json) ? Object.keys(json) : [json];
  const texts = list.map((status) => {
    if (typeof status === 'string') return status.trim();
    if (!isObject(status)) return '';
    const text = [status.status, status.text, status.name].find((field): field is string => typeof field === 'string')?.trim() ?? '';
    const day = grouveeDate(status.date ?? status.date_added ?? status.created);
    return text && day ? `${text} (${day})` : text;
  });
  return joinNotes(...texts.map((text) => (text ? `Grouvee status: ${text}` : null)));
}

/** A Grouvee export row: shelves give the status, ratings are 1–5 stars, each play-through in "dates" becomes diary rows. */
export function readGrouveeRecord(line: number, cells: Cells): ImportRow[] {
  if (!cells.get('name')) return cells.fail('The row has no name') ?? [];
  const named = titleAndYear(cells.get('name'));
  const released = /^(\d{4})/.exec(cells.get('release_date'))?.[1];
  const stars = cells.number('rating', 'rating');
  const { rating, ratingNote } = stars !== null && stars > 5 ? (cells.fail(`rating must be from 1 to 5 stars, not ${stars}`) ?? ratingFrom(0, 5)) : ratingFrom(stars ?? 0, 5);

  const shelvesJson = grouveeJson(cells, 'shelves');
  const shelves = isObject(shelvesJson) ? shelvesJson : {};
  const shelfNames = Object.keys(shelves).map((name) => name.trim().toLowerCase());
  const added = Object.values(shelves)
    .map((shelf) => (isObject(shelf) && typeof shelf.date_added === 'string' ? Date.parse(shelf.date_added) : Number.NaN))
    .filter((ms) => !Number.isNaN(ms));

  const datesJson = grouveeJson(cells, 'dates');
  const runs = (Array.isArray(datesJson) ? datesJson : [])
    .filter(isObject)
    .map((run) => ({
      started: grouveeDate(run.date_started),
      finished: grouveeDate(run.date_finished),
      seconds: typeof run.seconds_played === 'number' ? run.seconds_played : Number(run.seconds_played) || 0,
    }))
    .filter((run) => run.started || run.finished)
    .sort((a, b) => (a.started ?? a.finished ?? '').localeCompare(b.started ?? b.finished ?? ''));
  const last = runs.at(-1);

  const base: RowBase = {
    ...rowBase(line, { title: named.title }),
    igdbId: cells.wholeNumber('igdb_id', 'igdb_id'),
    year: released ? Number(released) : named.year,
    rating,
    ratingNote,
    loggedAt: added.length > 0 ? Math.min(...added) : null,
  };
  const found = GROUVEE_SHELVES.map(([pattern, status]) => ({ status, name: shelfNames.find((name) => pattern.test(name)) })).find((s) => s.name !== undefined);
  const shelf = found?.status;
  const playedOnly = shelf === 'played' && !last?.finished;
  // Played with a finished play-through is Beaten; without one, VGL's Played.
  const shelfStatus = shelf === 'played' ? (playedOnly ? PLAY_STATUS.played : PLAY_STATUS.beaten) : shelf;
  const rows: ImportRow[] = [
    libraryRow(base, {
      platforms: grouveeNames(cells, 'platforms'),
      status: shelf === undefined ? (last?.finished ? PLAY_STATUS.beaten : last ? PLAY_STATUS.playing : null) : shelfStatus,
      statusNote:
        found?.name && shelfStatus !== undefined
          ? statusMapped('Grouvee', found.name.replace(/\b\w/g, (c) => c.toUpperCase()), shelfStatus, shelf === 'played' && !playedOnly ? ' when a play-through is finished' : '')
          : null,
      review: grouveeReview(cells),
      notes: grouveeStatuses(cells),
      // Backlog: games one has; Wish List: games one wants (VGL's wishlist).
      owned: shelfNames.some((name) => /^wish ?list$/.test(name)) ? false : shelfNames.includes('backlog') ? true : null,
      startedOn: last?.started ?? null,
      finishedOn: last?.finished ?? null,
    }),
  ];
  runs.forEach((run, i) => {
    const replay = i > 0;
    if (run.started) rows.push(diaryRow(base, { playedOn: run.started, event: 'started', replay }));
    if (run.finished) {
      const hours = run.seconds > 0 ? Math.round((run.seconds / 3600) * 100) / 100 : null;
      rows.push(diaryRow(base, { playedOn: run.finished, event: 'finished', replay, hours, rating: run === last ? rating : null }));
    }
  });
  return rows;
}
