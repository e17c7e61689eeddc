import { useId, type ReactNode } from 'react';
import styles from './FormSection.module.css';

interface FormSectionProps {
  /** The heading, which also names the section (a region landmark). */
  title: string;
  /** "danger" for what cannot be undone. */
  tone?: 'danger';
  /** A fixed heading id, where a link points at the section. */
  headingId?: string;
  /** The heading can take focus (tabIndex -1), for moving focus to the section after its content changed. */
  focusableHeading?: boolean;
  children: ReactNode;
}

/** One settings section: a box with an h2 that labels it. */
export function FormSection({ title, tone, headingId, focusableHeading, children }: FormSectionProps) {
  const generatedId = useId();
  const id = headingId ?? `${generatedId}-heading`;
  return (
    <section className={tone === 'danger' ? `${styles.section} ${styles.danger}` : styles.section} aria-labelledby={id}>
      <h2 id={id} tabIndex={focusableHeading ? -1 : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}
