import { PLAY_STATUS, type PlayStatus } from '@vgl/shared';
import { joinNotes, libraryRow, ratingFrom, rowBase, statusMapped, type Cells, type ImportRow, type RowBase } from '../import.rows.js';
import { calendarDay, cellOf, instantOf, namesIn, textOf, yearOf } from './columns.js';

// A Playnite library as CSV. Two producers: the Library Exporter
// (Advanced) extension, whose headers are Playnite's English labels
// ("Name", "Platforms", "Sources", "Time Played", "Completion Status",
// "User Score", "Last Played", "Added", "Release Date", "Game ID", "Notes",
// "Favorite"), and PowerShell's ConvertTo-Csv over Playnite's games, which
// writes the property names ("Source", "Playtime", "CompletionStatus",
// "UserScore", "LastActivity", "GameId"). Playtime is seconds in both (the
// SDK's unit); dates are .NET's, "5/31/2024 6:30:00 PM" in en-US.

export const PLAYNITE_COLUMNS = {
  platforms: ['platforms', 'platform'],
  sources: ['sources', 'source', 'library'],
  playtime: ['time played', 'playtime', 'play time'],
  status: ['completion status', 'completionstatus'],
  score: ['user score', 'userscore'],
  lastPlayed: ['last played', 'lastactivity', 'last activity'],
  added: ['added', 'date added'],
  released: ['release date', 'releasedate', 'release year', 'releaseyear'],
  gameId: ['game id', 'gameid'],
  steamAppId: ['steam app id', 'steamappid', 'steam id', 'appid'],
  favourite: ['favorite', 'favourite'],
  notes: ['notes', 'note'],
};

/** Playnite's default completion statuses (members can rename them; unknown ones go into the note). */
const PLAYNITE_STATUSES: Record<string, { status: PlayStatus; exact: boolean }> = {
  'not played': { status: PLAY_STATUS.wantToPlay, exact: true },
  'plan to play': { status: PLAY_STATUS.wantToPlay, exact: true },
  playing: { status: PLAY_STATUS.playing, exact: true },
  beaten: { status: PLAY_STATUS.beaten, exact: true },
  completed: { status: PLAY_STATUS.beaten, exact: false },
  // Set aside, may come back to it: VGL's Shelved.
  'on hold': { status: PLAY_STATUS.shelved, exact: true },
  abandoned: { status: PLAY_STATUS.abandoned, exact: true },
  played: { status: PLAY_STATUS.played, exact: true },
};

/** Seconds ("45000"), a clock ("12:30:00", "12:30") or "12h 30m" → whole minutes; 0 is none. */
function playtimeMinutes(cells: Cells): number | null {
  const value = cellOf(cells, PLAYNITE_COLUMNS.playtime);
  if (!value) return null;
  const clock = /^\d+(:\d{1,2}){1,2}$/.test(value) ? value.split(':').map(Number) : null;
  const spelled = /^(?:(\d+)\s*h\w*)?\s*(?:(\d+)\s*m\w*)?$/i.exec(value);
  let seconds: number;
  if (/^\d+(\.\d+)?$/.test(value)) seconds = Number(value);
  else if (clock) seconds = (clock.length === 2 ? [...clock, 0] : clock).reduce((total, part) => total * 60 + part, 0);
  else if (spelled && (spelled[1] || spelled[2])) seconds = (Number(spelled[1] ?? 0) * 60 + Number(spelled[2] ?? 0)) * 60;
  else return cells.fail(`Time played must be seconds, not "${value}"`);
  const minutes = Math.round(seconds / 60);
  return minutes > 0 ? minutes : null;
}

function playniteRating(cells: Cells): Pick<RowBase, 'rating' | 'ratingNote'> {
  const column = PLAYNITE_COLUMNS.score.find((name) => cells.get(name));
  const score = column ? cells.number(column, 'User Score') : null;
  if (score !== null && score > 100) return cells.fail(`User Score must be from 0 to 100, not ${score}`) ?? { rating: null, ratingNote: null };
  return ratingFrom(score ?? 0, 100);
}

/** Steam's app id: a column of its own, or the Game ID of a game from the Steam library. */
function steamAppIdOf(cells: Cells, sources: string[]): number | null {
  const own = cellOf(cells, PLAYNITE_COLUMNS.steamAppId);
  const gameId = sources.some((source) => source.toLowerCase() === 'steam') ? cellOf(cells, PLAYNITE_COLUMNS.gameId) : '';
  const id = own || gameId;
  return /^\d{1,10}$/.test(id) ? Number(id) : null;
}

/** A game of a Playnite library: owned when a store has it, its status, score, playtime and notes. */
export function readPlayniteRecord(line: number, cells: Cells): ImportRow[] {
  const title = cells.get('Name');
  if (!title) return cells.fail('The row has no Name') ?? [];
  const sources = namesIn(cellOf(cells, PLAYNITE_COLUMNS.sources));
  const statusText = cellOf(cells, PLAYNITE_COLUMNS.status);
  const known = PLAYNITE_STATUSES[statusText.toLowerCase()];
  const added = cellOf(cells, PLAYNITE_COLUMNS.added);
  const lastPlayed = calendarDay(cellOf(cells, PLAYNITE_COLUMNS.lastPlayed));
  const minutes = playtimeMinutes(cells);
  const base = rowBase(line, {
    title,
    year: yearOf(cellOf(cells, PLAYNITE_COLUMNS.released)),
    steamAppId: steamAppIdOf(cells, sources),
    ...playniteRating(cells),
    loggedAt: added ? instantOf(added) : null,
  });
  return [
    libraryRow(base, {
      platforms: namesIn(cellOf(cells, PLAYNITE_COLUMNS.platforms)),
      status: known?.status ?? null,
      statusNote: known ? statusMapped('Playnite', statusText, known.status) : null,
      // A store's library is bought games; a game added by hand says nothing.
      owned: sources.length > 0 ? true : null,
      favourite: ['true', 'yes', '1'].includes(cellOf(cells, PLAYNITE_COLUMNS.favourite).toLowerCase()),
      playtimeMinutes: minutes,
      playtimeSource: minutes === null ? null : 'playnite',
      notes: joinNotes(
        sources.length > 0 ? `Storefront: ${sources.join(', ')}` : null,
        statusText && !known?.exact ? `Playnite status: ${statusText}` : null,
        lastPlayed ? `Last played: ${lastPlayed}` : null,
        textOf(cells, PLAYNITE_COLUMNS.notes),
      ),
    }),
  ];
}
