import type { ReactNode } from 'react';
import styles from './Skeleton.module.css';

/**
 * Grey shapes where content is about to be, so a slow link shows the page's
 * layout at once instead of a line of text. Each skeleton is one
 * role="status" with words for screen readers; the shapes are hidden from them.
 */
function Loading({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="status" className={className} data-skeleton="">
      <span className={styles.srOnly}>{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

const Bar = ({ width, tall = false }: { width: string; tall?: boolean }) => <span className={`${styles.shape} ${tall ? styles.tallBar : styles.bar}`} style={{ width }} />;

/** A games grid's placeholders: covers with a name and a date under each, a page's worth (SPEC §9: 24), so nothing below jumps. */
export function GamesGridSkeleton({ count = 24, label = 'Loading games…' }: { count?: number; label?: string }) {
  return (
    <Loading label={label}>
      <ul className={styles.grid}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={styles.card}>
            <span className={`${styles.shape} ${styles.cover}`} />
            <Bar width={`${60 + ((i * 17) % 35)}%`} />
            <Bar width="35%" />
          </li>
        ))}
      </ul>
    </Loading>
  );
}

/** The game page's placeholders: the cover beside the title, the buttons and the facts. */
export function GamePageSkeleton() {
  return (
    <Loading label="Loading the game…">
      <div className={styles.game}>
        <span className={`${styles.shape} ${styles.cover} ${styles.gameCover}`} />
        <div className={styles.lines}>
          <Bar width="55%" tall />
          <span className={styles.buttons}>
            <span className={`${styles.shape} ${styles.button}`} />
            <span className={`${styles.shape} ${styles.button}`} />
          </span>
          {['40%', '55%', '35%', '60%', '45%'].map((width, i) => (
            <Bar key={i} width={width} />
          ))}
          <span className={styles.gap} />
          {['100%', '96%', '88%', '70%'].map((width, i) => (
            <Bar key={i} width={width} />
          ))}
        </div>
      </div>
    </Loading>
  );
}

/** Any page whose code is still on its way: a heading, a line of text and a grid, the commonest shape. */
export function PageSkeleton() {
  return (
    <Loading label="Loading the page…">
      <div className={styles.lines}>
        <Bar width="min(18rem, 60%)" tall />
        <Bar width="min(30rem, 85%)" />
      </div>
      <span className={styles.gap} />
      <ul className={styles.grid}>
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className={styles.card}>
            <span className={`${styles.shape} ${styles.cover}`} />
            <Bar width="70%" />
          </li>
        ))}
      </ul>
    </Loading>
  );
}
