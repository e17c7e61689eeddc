import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/*
 * A stand-in for the two Steam Web API methods the Steam import calls, on
 * 127.0.0.1, answering as Steam does:
 *
 * - GET /ISteamUser/ResolveVanityURL/v1/?key&vanityurl → {"response":
 *   {"steamid","success":1}}, or {"response":{"success":42,"message":"No match"}}.
 * - GET /IPlayerService/GetOwnedGames/v1/?key&steamid&include_appinfo
 *   &include_played_free_games → {"response":{"game_count","games":[…]}};
 *   a private profile (or private game details) and an unknown id answer
 *   {"response":{}}; a steamid that is not a number is a 400 HTML page.
 * - A missing or wrong key is a 403 with Steam's HTML page.
 *
 * Run it alone for browser tests and trying the import by hand:
 *   npx tsx apps/server/src/test/fake-steam.ts [port]
 * then start the server with STEAM_API_KEY=fake-steam-key STEAM_API_URL=<the printed url>.
 */

export interface FakeSteamGame {
  appid: number;
  name: string;
  /** Minutes. */
  playtime_forever?: number;
  /** Unix seconds; 0 when never played. */
  rtime_last_played?: number;
  /** A free-to-play game: listed only when played and include_played_free_games=1. */
  free?: boolean;
}

export interface FakeSteamProfile {
  steamId: string;
  /** The custom profile name (steamcommunity.com/id/{vanity}). */
  vanity?: string;
  /** Private: Steam shows no games (the profile, or only its game details). */
  private?: boolean;
  games: FakeSteamGame[];
}

export interface FakeSteamOptions {
  apiKey?: string;
  profiles?: FakeSteamProfile[];
  port?: number;
}

export const FAKE_STEAM_KEY = 'fake-steam-key';

const FORBIDDEN =
  '<html><head><title>Forbidden</title></head><body><h1>Forbidden</h1>Access is denied. Retrying will not help. Please verify your <pre>key=</pre> parameter.</body></html>';
const BAD_REQUEST = '<html><head><title>Bad Request</title></head><body><h1>Bad Request</h1>Required parameter missing or invalid</body></html>';
const NOT_FOUND = '<html><head><title>Not Found</title></head><body><h1>Not Found</h1></body></html>';

/** A game as GetOwnedGames lists it with include_appinfo=1 (Steam keeps per-system time since 2019; here it is all Windows). */
function ownedGame(game: FakeSteamGame, appInfo: boolean) {
  const minutes = game.playtime_forever ?? 0;
  return {
    appid: game.appid,
    ...(appInfo ? { name: game.name, img_icon_url: `${game.appid.toString(16).padStart(40, '0')}`, has_community_visible_stats: true } : {}),
    playtime_forever: minutes,
    playtime_windows_forever: minutes,
    playtime_mac_forever: 0,
    playtime_linux_forever: 0,
    playtime_deck_forever: 0,
    rtime_last_played: game.rtime_last_played ?? (minutes > 0 ? 1_700_000_000 : 0),
    playtime_disconnected: 0,
  };
}

export async function startFakeSteam(options: FakeSteamOptions = {}) {
  const apiKey = options.apiKey ?? FAKE_STEAM_KEY;
  const profiles = new Map<string, FakeSteamProfile>();
  const requests: Record<string, number> = {};
  const failures: number[] = [];
  const setProfile = (profile: FakeSteamProfile) => void profiles.set(profile.steamId, structuredClone(profile));
  for (const profile of options.profiles ?? []) setProfile(profile);

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const html = typeof body === 'string';
    res.writeHead(status, { 'content-type': html ? 'text/html; charset=UTF-8' : 'application/json; charset=UTF-8', ...headers });
    res.end(html ? body : JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = url.pathname.replace(/\/+$/, '').replace(/\/v0*1$/, '');
    requests[method] = (requests[method] ?? 0) + 1;
    if (req.method !== 'GET') return send(res, 405, NOT_FOUND);
    const failure = failures.shift();
    if (failure) return send(res, failure, failure === 429 ? '<html><body>Too Many Requests</body></html>' : BAD_REQUEST, failure === 429 ? { 'retry-after': '42' } : {});
    if (url.searchParams.get('key') !== apiKey) return send(res, 403, FORBIDDEN);
    const param = (name: string) => url.searchParams.get(name) ?? '';

    if (method === '/ISteamUser/ResolveVanityURL') {
      const vanity = param('vanityurl').toLowerCase();
      if (!vanity) return send(res, 400, BAD_REQUEST);
      const profile = [...profiles.values()].find((p) => p.vanity?.toLowerCase() === vanity);
      return send(res, 200, { response: profile ? { steamid: profile.steamId, success: 1 } : { success: 42, message: 'No match' } });
    }
    if (method === '/IPlayerService/GetOwnedGames') {
      const steamId = param('steamid');
      if (!/^\d+$/.test(steamId)) return send(res, 400, BAD_REQUEST);
      const profile = profiles.get(steamId);
      if (!profile || profile.private) return send(res, 200, { response: {} });
      const withFree = param('include_played_free_games') === '1';
      const games = profile.games.filter((g) => !g.free || (withFree && (g.playtime_forever ?? 0) > 0));
      const appInfo = param('include_appinfo') === '1';
      return send(res, 200, { response: { game_count: games.length, ...(games.length > 0 ? { games: games.map((g) => ownedGame(g, appInfo)) } : {}) } });
    }
    return send(res, 404, NOT_FOUND);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    setProfile,
    /** The member played: the game's playtime (minutes) and last-played time change. */
    setPlaytime: (steamId: string, appid: number, minutes: number) => {
      const game = profiles.get(steamId)?.games.find((g) => g.appid === appid);
      if (!game) throw new Error(`fake Steam: profile ${steamId} has no game ${appid}`);
      game.playtime_forever = minutes;
      game.rtime_last_played = Math.floor(Date.now() / 1000);
    },
    /** Requests by method path ("/IPlayerService/GetOwnedGames"), since the start. */
    requests: (method: string) => requests[method] ?? 0,
    /** The next answers get these statuses (429 comes with Retry-After: 42). */
    failNext: (...statuses: number[]) => failures.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSteam = Awaited<ReturnType<typeof startFakeSteam>>;

/** A public profile with a few well-known games, and a private one, for trying the import by hand. */
export const DEMO_STEAM_PROFILES: FakeSteamProfile[] = [
  {
    steamId: '76561197960287930',
    vanity: 'demo',
    games: [
      { appid: 620, name: 'Portal 2', playtime_forever: 1250 },
      { appid: 504230, name: 'Celeste', playtime_forever: 2170 },
      { appid: 367520, name: 'Hollow Knight', playtime_forever: 0 },
      { appid: 570, name: 'Dota 2', playtime_forever: 35, free: true },
    ],
  },
  { steamId: '76561197960287931', vanity: 'hidden', private: true, games: [{ appid: 620, name: 'Portal 2', playtime_forever: 10 }] },
];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = process.argv[2] ? Number(process.argv[2]) : 0;
  const steam = await startFakeSteam({ profiles: DEMO_STEAM_PROFILES, port });
  process.stdout.write(`fake Steam Web API on ${steam.url} (STEAM_API_KEY=${steam.apiKey}); profiles: demo (public), hidden (private)\n`);
}
