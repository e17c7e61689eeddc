import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './HomeSection.module.css';

interface HomeSectionProps {
  title: string;
  /** "See all" target and what it lists, for its accessible name: "See all trending games". */
  seeAll?: { to: string; what: string };
  /**
   * Skips layout until the section scrolls near. Only for grids of large links: small targets in a skipped
   * section can't be hit-tested, so target-size checks would see them overlap.
   */
  offscreen?: boolean;
  children: ReactNode;
}

/** One titled block of the front page, with an optional "See all" link to the full list. */
export function HomeSection({ title, seeAll, offscreen = false, children }: HomeSectionProps) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId} data-offscreen={offscreen || undefined}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {seeAll && (
          <Link to={seeAll.to} className={styles.seeAll}>
            See all<span className={styles.visuallyHidden}> {seeAll.what}</span>
          </Link>
        )}
      </header>
      {children}
    </section>
  );
}
