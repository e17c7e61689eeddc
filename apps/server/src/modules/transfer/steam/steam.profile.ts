import { badRequest } from '../../../http/errors.js';

/** What a member may type for their Steam profile, told apart before Steam is asked. */
export type SteamProfile = { kind: 'id'; steamId: string } | { kind: 'vanity'; name: string };

// Individual accounts in the public universe: 0x0110000100000000 and up, always 17 digits.
const STEAM_ID64 = /^7656119\d{10}$/;
// Steam's custom profile names: letters, digits, _ and -, 2 to 32 of them.
const VANITY = /^[A-Za-z0-9_-]{2,32}$/;
// The profile's address, with or without scheme or www, and whatever page of it was open (/games/?tab=all).
const PROFILE_URL = /^(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/(profiles|id)\/([^/?#]*)(?:[/?#].*)?$/i;

const EXPECTED = 'Enter your Steam profile’s address (https://steamcommunity.com/id/name or …/profiles/7656119…), its custom name, or its 17-digit SteamID64';

const notSteamId = (value: string) => badRequest(`“${value}” is not a SteamID64: it has 17 digits and starts with 7656119`, { profile: 'Not a SteamID64' });
const notVanity = (value: string) =>
  badRequest(`“${value}” is not a Steam profile name: those have 2 to 32 letters, digits, _ or -`, { profile: 'Not a Steam profile name' });

/** The profile the member means, or a 400 that says what Steam profiles look like. */
export function parseSteamProfile(input: string): SteamProfile {
  const value = input.trim();
  const url = PROFILE_URL.exec(value);
  if (url) {
    const [, kind, part] = url;
    const segment = decodeURIComponentSafe(part!);
    if (kind!.toLowerCase() === 'profiles') {
      if (!STEAM_ID64.test(segment)) throw notSteamId(segment);
      return { kind: 'id', steamId: segment };
    }
    if (!VANITY.test(segment)) throw notVanity(segment);
    return { kind: 'vanity', name: segment };
  }
  if (STEAM_ID64.test(value)) return { kind: 'id', steamId: value };
  // 17 digits that are not an individual's id are a mistyped id, not a name.
  if (/^\d{17}$/.test(value)) throw notSteamId(value);
  if (VANITY.test(value)) return { kind: 'vanity', name: value };
  throw badRequest(`“${value.length > 60 ? `${value.slice(0, 60)}…` : value}” is not a Steam profile. ${EXPECTED}.`, { profile: EXPECTED });
}

function decodeURIComponentSafe(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
