import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './HomeSection.module.css';

interface HomeSectionProps {
  title: string;
  /** "See all" target and what it lists, for its accessible name: "See all trending games". */
  seeAll?: { to: string; what: string };
  children: ReactNode;
}

/** One titled block of the front page, with an optional "See all" link to the full list. */
export function HomeSection({ title, seeAll, children }: HomeSectionProps) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
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
