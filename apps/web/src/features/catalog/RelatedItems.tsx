import { formatReleaseDate } from '@vgl/shared';
import type { RelatedItem } from './catalogApi';
import styles from './catalog.module.css';

const KIND_LABELS: Record<RelatedItem['kind'], string> = {
  edition: 'Edition',
  dlc: 'DLC',
  expansion: 'Expansion',
  bundle: 'Bundle',
  pack: 'Pack',
  update: 'Update',
  episode: 'Episode',
  season: 'Season',
  mod: 'Mod',
};

/**
 * The game page's "DLC and editions": what IGDB or Wikidata lists with the
 * game that is not a game of its own (so never in the catalog's grid), each
 * linking to its IGDB or Wikidata page.
 */
export function RelatedItems({ items }: { items: RelatedItem[] | undefined }) {
  if (!items?.length) return null;
  return (
    <section className={styles.related} aria-labelledby="game-related">
      <h2 id="game-related">DLC and editions</h2>
      <ul>
        {items.map((item) => (
          <li key={item.url}>
            <span className={styles.relatedKind}>{KIND_LABELS[item.kind] ?? item.kind}</span>
            <a href={item.url} target="_blank" rel="noopener noreferrer">
              {item.name}
            </a>
            {item.first_release_date !== null && <span className={styles.relatedDate}>{formatReleaseDate(item.first_release_date, null, 'short')}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
