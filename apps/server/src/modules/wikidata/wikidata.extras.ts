import type { GamePageDetails, GameWebsite } from '@vgl/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RelatedItemRow } from '../catalog/catalog.presenter.js';
import type { WikidataItemData } from './wikidata.store.js';

type K = Kysely<Database>;

const STORE_LINKS: { key: keyof WikidataItemData['links']; kind: GameWebsite['kind']; url: (id: string) => string; store: boolean; label?: string }[] = [
  { key: 'steam', kind: 'steam', url: (id) => `https://store.steampowered.com/app/${encodeURIComponent(id)}/`, store: true },
  // Wikidata's GOG id is the store path ("game/disco_elysium").
  { key: 'gog', kind: 'gog', url: (id) => `https://www.gog.com/${id.split('/').map(encodeURIComponent).join('/')}`, store: true },
  { key: 'mobygames', kind: 'other', url: (id) => `https://www.mobygames.com/game/${encodeURIComponent(id)}/`, store: false, label: 'MobyGames' },
];

/**
 * What Wikidata adds to a game page where IGDB says nothing: releases per
 * platform, its series, and links (Steam, GOG, MobyGames, the item itself).
 * IGDB's details, when the game has them, are left as they are.
 */
export async function withWikidataExtras(k: K, gameId: number, details: GamePageDetails): Promise<GamePageDetails> {
  const row = await k.selectFrom('wikidata_items').select(['qid', 'data']).where('game_id', '=', gameId).where('kind', '=', 'game').executeTakeFirst();
  if (!row) return details;
  const data = JSON.parse(row.data) as WikidataItemData;
  const platformIds = [...new Set(data.releases.map((r) => r.platform))];
  const platforms = new Map(
    (platformIds.length ? await k.selectFrom('platforms').select(['id', 'name', 'slug']).where('id', 'in', platformIds).execute() : []).map((p) => [p.id, p]),
  );
  const releases = data.releases.flatMap((r) => {
    const p = platforms.get(r.platform);
    // A date known only to the year or month is shown as the year's or month's first day would mislead: the year's first day is kept only for day precision.
    return p && r.precision >= 11 ? [{ platform: p.name, platform_slug: p.slug, date: r.date, region: null }] : [];
  });
  const websites: GameWebsite[] = [
    ...STORE_LINKS.flatMap(({ key, kind, url, store, label }) => data.links[key].slice(0, 1).map((id) => ({ kind, url: url(id), store, ...(label ? { label } : {}) }))),
    { kind: 'wiki', url: `https://www.wikidata.org/wiki/${row.qid}`, store: false, label: 'Wikidata' },
  ];
  return {
    ...details,
    releases: details.releases.length ? details.releases : releases,
    series: details.series.length ? details.series : data.series.map((name) => ({ slug: '', name })),
    websites: details.websites.length ? details.websites : websites,
  };
}

const KIND: Record<string, string> = { expansion: 'expansion', dlc: 'dlc', mod: 'mod', compilation: 'bundle' };

/** A game's expansions, DLC and mods from Wikidata (their parent is the game's item). */
export async function wikidataRelatedItems(k: K, gameId: number): Promise<RelatedItemRow[]> {
  const rows = await k
    .selectFrom('wikidata_items as child')
    .innerJoin('wikidata_items as parent', 'parent.qid', 'child.parent_qid')
    .select(['child.qid', 'child.kind', 'child.name', 'child.first_release_date'])
    .where('parent.game_id', '=', gameId)
    .orderBy('child.first_release_date')
    .limit(200)
    .execute();
  return rows.map((r) => ({ ...r, kind: KIND[r.kind] ?? 'dlc', first_release_date: r.first_release_date === null ? null : Number(r.first_release_date) }));
}
