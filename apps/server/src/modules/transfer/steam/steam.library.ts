import { LIBRARY_LIMITS } from '@vgl/shared';
import { readSteamRecord } from '../formats/steam.js';
import { MAX_LINE_ERRORS, type ImportFile } from '../import.file.js';
import { Cells, type ImportRow, type LineError } from '../import.rows.js';
import type { SteamOwnedGame } from './steam.client.js';

const COLUMNS = ['appid', 'name', 'playtime_forever', 'rtime_last_played', 'playtime_windows_forever', 'playtime_mac_forever', 'playtime_linux_forever'] as const;
const columnIndex = new Map<string, number>(COLUMNS.map((name, i) => [name, i]));

const byTitle = (a: SteamOwnedGame, b: SteamOwnedGame) => (a.name ?? '').localeCompare(b.name ?? '', 'en') || a.appid - b.appid;

/**
 * A Steam library as an import file, read by the same reader as a saved
 * GetOwnedGames answer. The games are put in title order, so the preview
 * lists them that way; a game's "line" is its Steam app id, so a pick in the
 * preview names the same game in the import that follows, whatever order
 * Steam sends and whatever the member bought in between.
 */
export function steamLibraryFile(games: SteamOwnedGame[]): ImportFile {
  const rows: ImportRow[] = [];
  const errors: LineError[] = [];
  let errorCount = 0;
  const sorted = [...games].sort(byTitle).slice(0, LIBRARY_LIMITS.importMaxRows);
  sorted.forEach((game, i) => {
    const cells = new Cells(
      columnIndex,
      COLUMNS.map((column) => (game[column] === undefined ? '' : String(game[column]))),
    );
    const line = Number.isSafeInteger(game.appid) && game.appid > 0 ? game.appid : i + 1;
    const read = readSteamRecord(line, cells);
    if (cells.errors.length > 0) {
      errorCount += 1;
      if (errors.length < MAX_LINE_ERRORS) errors.push({ line, message: cells.errors.join('; ') });
    } else rows.push(...read);
  });
  const notices =
    games.length > sorted.length ? [`The Steam library has ${games.length.toLocaleString('en-US')} games; the first ${sorted.length.toLocaleString('en-US')} by title are imported.`] : [];
  return { format: 'steam', rows, errors, errorCount, lists: [], notices };
}
