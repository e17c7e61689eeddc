import { roundedDownCount } from '@vgl/shared';
import type { ReactNode } from 'react';
import styles from './FeatureCards.module.css';
import type { CatalogFacts } from './homeApi';

interface Feature {
  title: string;
  text: string;
  /** Path data for a 24 × 24 stroked icon. */
  icon: ReactNode;
}

/** What VGL does, one card per feature of SPEC §1. */
const FEATURES: Feature[] = [
  {
    title: 'Organise your library',
    text: 'Log every game you play, have beaten, abandoned or want to play, with dates, hours and platforms.',
    icon: <path d="M4 4h4v16H4zM10 4h4v16h-4zM16.5 4.5l3.8 1-3.9 14.6-3.8-1" />,
  },
  {
    title: 'Rate on a 5-star scale',
    text: 'Give each game up to five stars, half stars included, and see how your ratings spread out.',
    icon: <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  },
  {
    title: 'Write reviews',
    text: 'Say what you thought, from a line to an essay. Other players can like and comment on it.',
    icon: <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />,
  },
  {
    title: 'Follow friends',
    text: 'Follow the people whose taste you trust and see what they play, rate and review.',
    icon: (
      <>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M17 7.5v6M14 10.5h6" />
      </>
    ),
  },
  {
    // Said from the catalog loaded (discoverFeature): the count and the ways to browse it.
    title: 'Discover',
    text: '',
    icon: (
      <>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5M8.5 11h5M11 8.5v5" />
      </>
    ),
  },
  {
    title: 'Export to CSV',
    text: 'Your data stays yours: download your library, ratings and reviews as a CSV file at any time.',
    icon: <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19h14" />,
  },
];

const FILTER_WORDS: Record<CatalogFacts['filters'][number], string> = { platform: 'platform', genre: 'genre', theme: 'theme', releaseDate: 'year' };

const inWords = (words: string[]) => (words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/**
 * SPEC's "discover 300,000+ titles", true of the catalog loaded: its size
 * rounded down ("Discover 50,000+ titles"; a synced IGDB catalog of 300k+
 * games reads SPEC's "300,000+") and only the filters it has values for; before the answer
 * arrives, no number at all.
 */
export function discoverFeature(catalog: CatalogFacts | undefined): Pick<Feature, 'title' | 'text'> {
  if (!catalog) return { title: 'Discover new titles', text: 'Browse the catalog by platform and year, or search it by name.' };
  const count = roundedDownCount(catalog.games);
  const filters = catalog.filters.map((f) => FILTER_WORDS[f]);
  const browse = filters.length ? `Browse by ${inWords(filters)}, or search` : 'Search';
  return { title: `Discover ${count} titles`, text: `${browse} a database of ${count} games.` };
}

/** The six feature cards of the landing page. */
export function FeatureCards({ catalog }: { catalog?: CatalogFacts }) {
  return (
    <section className={styles.features} aria-labelledby="features-heading">
      <h2 id="features-heading" className={styles.heading}>
        Everything you play, in one place
      </h2>
      <ul className={styles.grid}>
        {FEATURES.map((card) => ({ key: card.title, ...card, ...(card.title === 'Discover' ? discoverFeature(catalog) : {}) })).map((feature) => (
          <li key={feature.key} className={styles.card}>
            <svg
              className={styles.icon}
              width={28}
              height={28}
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              {feature.icon}
            </svg>
            <h3 className={styles.title}>{feature.title}</h3>
            <p className={styles.text}>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
