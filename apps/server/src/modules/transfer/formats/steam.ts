import { PLAY_STATUS } from '@vgl/shared';
import { libraryRow, rowBase, type Cells, type ImportRow } from '../import.rows.js';

// One game of Steam's GetOwnedGames (IPlayerService): from a saved answer
// read as a file, or from the Steam profile import (steam/). Times are
// minutes, rtime_last_played is Unix seconds (0: never played).

/** Steam's per-system playtime columns, and the platform each stands for. */
const SYSTEM_PLAYTIME: [string, string][] = [
  ['playtime_windows_forever', 'win'],
  ['playtime_mac_forever', 'mac'],
  ['playtime_linux_forever', 'linux'],
];

export function readSteamRecord(line: number, cells: Cells): ImportRow[] {
  const appId = cells.wholeNumber('appid', 'appid');
  if (appId === null) return cells.errors.length > 0 ? [] : (cells.fail('The game has no appid') ?? []);
  if (appId <= 0) return cells.fail(`appid must be a positive number, not ${appId}`) ?? [];
  const minutes = cells.wholeNumber('playtime_forever', 'playtime_forever');
  if (minutes !== null && minutes < 0) return cells.fail(`playtime_forever must be 0 or more minutes, not ${minutes}`) ?? [];
  const lastPlayed = cells.wholeNumber('rtime_last_played', 'rtime_last_played');
  // Steam keeps playtime per system only since 2019; older games say nothing, and Steam is mostly Windows.
  const systems = SYSTEM_PLAYTIME.filter(([column]) => (cells.wholeNumber(column, column) ?? 0) > 0).map(([, platform]) => platform);
  const playtimeMinutes = minutes ?? 0;
  return [
    libraryRow(rowBase(line, { title: cells.get('name'), steamAppId: appId, loggedAt: lastPlayed && lastPlayed > 0 ? lastPlayed * 1000 : null }), {
      owned: true,
      platforms: systems.length > 0 ? systems : ['win'],
      playtimeMinutes,
      playtimeSource: 'steam',
      origin: 'steam',
      // An owned game never played lands in the backlog; Steam does not say whether a played one was beaten.
      status: playtimeMinutes === 0 ? PLAY_STATUS.wantToPlay : null,
    }),
  ];
}
