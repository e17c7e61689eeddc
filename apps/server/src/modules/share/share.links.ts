/**
 * What a shared address points at, read from the address alone: a Steam
 * app, a GOG store page, an IGDB game, a Wikidata item or a VGL game page.
 * Null for anything else. Pure, so every kind is tested without a database.
 */
export type SharedLink =
  | { kind: 'steam'; appId: string }
  | { kind: 'gog'; path: string }
  | { kind: 'igdb'; slug: string }
  | { kind: 'wikidata'; qid: string }
  | { kind: 'vgl'; slug: string };

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;
/** GOG's store paths: "/game/disco_elysium", "/en/game/disco_elysium", "/fr/game/…". */
const GOG_GAME = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?game\/([a-z0-9_]{1,150})\/?$/i;

const hostIs = (host: string, ...domains: string[]) => domains.some((d) => host === d || host.endsWith(`.${d}`));

export function readSharedLink(address: string, ownHost: string): SharedLink | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);

  if (hostIs(host, 'steampowered.com', 'steamcommunity.com')) {
    // store.steampowered.com/app/620/Portal_2/, …/agecheck/app/620/, steamcommunity.com/app/620/reviews/
    const at = parts.indexOf('app');
    const appId = at >= 0 ? parts[at + 1] : undefined;
    return appId && /^\d{1,10}$/.test(appId) ? { kind: 'steam', appId } : null;
  }
  if (hostIs(host, 'gog.com')) {
    const match = GOG_GAME.exec(url.pathname);
    // Wikidata's GOG ids are the store path, lower-case ("game/disco_elysium").
    return match ? { kind: 'gog', path: `game/${match[1]!.toLowerCase()}` } : null;
  }
  if (hostIs(host, 'igdb.com')) {
    const slug = parts[0] === 'games' ? parts[1]?.toLowerCase() : undefined;
    return slug && SLUG.test(slug) ? { kind: 'igdb', slug } : null;
  }
  if (hostIs(host, 'wikidata.org')) {
    // /wiki/Q123, /entity/Q123, /wiki/Special:EntityPage/Q123; m.wikidata.org too.
    const qid = parts.at(-1)?.toUpperCase();
    const shaped = parts[0] === 'wiki' || parts[0] === 'entity';
    return shaped && qid && /^Q\d{1,12}$/.test(qid) ? { kind: 'wikidata', qid } : null;
  }
  if (host === ownHost.toLowerCase() && parts[0] === 'games' && parts[1]) {
    // Slugs are plain ASCII: anything percent-encoded is not one.
    const slug = parts[1].toLowerCase();
    return SLUG.test(slug) ? { kind: 'vgl', slug } : null;
  }
  return null;
}
