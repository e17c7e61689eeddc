import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from '../../../http/errors.js';
import type { SteamProfile } from './steam.profile.js';

/*
 * The two calls of the Steam Web API the import needs
 * (https://partner.steamgames.com/doc/webapi): ISteamUser/ResolveVanityURL
 * turns a custom profile name into a SteamID64, IPlayerService/GetOwnedGames
 * lists the profile's games with their playtime. Steam answers 200 with an
 * empty `response` when it will not say (a private profile), and 403 with an
 * HTML page when the key is wrong.
 */

export interface SteamCredentials {
  apiKey: string;
  apiUrl: string;
}

/** One game as GetOwnedGames gives it (the fields the import reads; Steam sends more). */
export type SteamOwnedGame = z.infer<typeof ownedGameSchema>;

const REQUEST_TIMEOUT_MS = 15_000;
/** When Steam limits this server without saying for how long. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

const vanitySchema = z.object({
  response: z.object({ success: z.number(), steamid: z.string().optional(), message: z.string().optional() }),
});
const ownedGameSchema = z.looseObject({
  appid: z.number().int(),
  name: z.string().optional(),
  playtime_forever: z.number().optional(),
  rtime_last_played: z.number().optional(),
  playtime_windows_forever: z.number().optional(),
  playtime_mac_forever: z.number().optional(),
  playtime_linux_forever: z.number().optional(),
});
const ownedGamesSchema = z.object({
  response: z.object({ game_count: z.number().optional(), games: z.array(ownedGameSchema).optional() }),
});

/** Steam is out of reach, or will not serve this server; `retryAfterSeconds` when Steam says to wait. */
export class SteamUnavailable extends AppError {
  constructor(
    statusCode: 502 | 503,
    id: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(statusCode, id, message);
  }
}

export const steamNotSetUp = () => new SteamUnavailable(503, 'steam_not_configured', 'Steam import is not set up on this server (STEAM_API_KEY).');
const steamSilent = () => new SteamUnavailable(502, 'steam_unavailable', 'Steam did not answer. Try again in a few minutes.');

export function createSteamClient(credentials: SteamCredentials, log: FastifyBaseLogger) {
  const base = credentials.apiUrl.replace(/\/+$/, '');

  /** GETs a Steam Web API method; Steam's own failures become answers the member can act on. */
  async function call<T>(method: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(`${base}/${method}/`);
    for (const [name, value] of Object.entries({ key: credentials.apiKey, ...params })) url.searchParams.set(name, value);
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      // The URL holds the key: log the method only.
      log.warn({ method, err: error instanceof Error ? error.message : String(error) }, 'Steam Web API unreachable');
      throw steamSilent();
    }
    if (res.status === 401 || res.status === 403) {
      log.error({ method, status: res.status }, 'Steam refused STEAM_API_KEY');
      throw new SteamUnavailable(502, 'steam_key_refused', 'Steam refused this server’s Steam Web API key (STEAM_API_KEY). The server’s operator needs to check it.');
    }
    if (res.status === 429) {
      const waited = Number(res.headers.get('retry-after'));
      const retryAfter = Number.isInteger(waited) && waited > 0 ? Math.min(waited, 3600) : DEFAULT_RETRY_AFTER_SECONDS;
      log.warn({ method, retryAfter }, 'Steam Web API rate limit');
      throw new SteamUnavailable(503, 'steam_busy', 'Steam is limiting how often this server may ask it. Try again in a minute.', retryAfter);
    }
    // Steam answers 400 (or 500 on some methods) when it cannot read the SteamID it was given.
    if (res.status === 400) throw badRequest('Steam does not know this profile. Check the address or SteamID64.', { profile: 'Steam does not know this profile' });
    if (!res.ok) {
      log.warn({ method, status: res.status }, 'Steam Web API failed');
      throw steamSilent();
    }
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) {
      log.warn({ method }, 'Steam Web API answered something unexpected');
      throw steamSilent();
    }
    return parsed.data;
  }

  return {
    /** The profile's SteamID64: as given, or resolved from its custom name. */
    async steamIdOf(profile: SteamProfile): Promise<string> {
      if (profile.kind === 'id') return profile.steamId;
      const { response } = await call('ISteamUser/ResolveVanityURL/v1', { vanityurl: profile.name, url_type: '1' }, vanitySchema);
      // success 42 is "No match"; a success without an id is as good as none.
      if (response.success !== 1 || !response.steamid) {
        throw badRequest(`No Steam profile is called “${profile.name}”. Check the name in your profile’s address (steamcommunity.com/id/…).`, {
          profile: 'No Steam profile has this name',
        });
      }
      return response.steamid;
    },

    /** The profile's games, free games it played included; a 400 when Steam will not show them. */
    async ownedGames(steamId: string): Promise<SteamOwnedGame[]> {
      const { response } = await call(
        'IPlayerService/GetOwnedGames/v1',
        { steamid: steamId, include_appinfo: '1', include_played_free_games: '1', format: 'json' },
        ownedGamesSchema,
      );
      // A private profile, or public with "Game details" private, answers an empty response.
      if (response.game_count === undefined) {
        throw badRequest(
          'Steam does not show this profile’s games. In Steam, open Edit Profile → Privacy Settings, set “Game details” to Public, then try again.',
          { profile: 'The profile’s game details are private' },
        );
      }
      const games = response.games ?? [];
      if (response.game_count === 0 || games.length === 0) throw badRequest('This Steam profile owns no games.', { profile: 'The profile owns no games' });
      return games;
    },
  };
}

export type SteamClient = ReturnType<typeof createSteamClient>;
