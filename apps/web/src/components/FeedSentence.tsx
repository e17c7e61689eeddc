import type { ReactNode } from 'react';
import styles from './FeedSentence.module.css';

/**
 * What happened, in one sentence of links and words: a row of the activity
 * feed or of the notifications. `className` hooks the feature's own touches.
 */
export function FeedSentence({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={className ? `${styles.sentence} ${className}` : styles.sentence}>{children}</p>;
}
