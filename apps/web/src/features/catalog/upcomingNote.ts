import type { CatalogFacts } from '../landing/homeApi';

/**
 * Why no release is still ahead, in one line, where "Nothing found." would
 * leave a visitor guessing: the embedded catalog alone holds games already
 * out; a catalog filled from Wikidata or IGDB just has none dated ahead.
 */
export function upcomingEmptyNote(catalog: CatalogFacts | undefined): string {
  const synced = catalog?.sources.some((s) => s.source === 'wikidata' || s.source === 'igdb');
  return synced
    ? 'No game in the catalog has a release date still ahead right now.'
    : 'The embedded catalog holds games already released: upcoming ones appear once this server syncs modern games from Wikidata or IGDB.';
}
