import { PRODUCT } from '@vgl/shared';
import type { ReactNode } from 'react';
import { Brand } from '../../components/Brand';
import { usePageMeta } from '../../lib/pageMeta';
import styles from './AuthScreen.module.css';

interface AuthScreenProps {
  title: string;
  /** A line under the title. */
  lead?: ReactNode;
  /** Top-right action, e.g. the register page's "Log in" button. */
  aside?: ReactNode;
  children: ReactNode;
}

/** The full-screen frame of the account pages: artwork on one side, a card with the form on the other. */
export function AuthScreen({ title, lead, aside, children }: AuthScreenProps) {
  usePageMeta({ title });
  return (
    <div className={styles.screen}>
      <div className={styles.art} aria-hidden="true">
        <p className={styles.tagline}>{PRODUCT.tagline}</p>
      </div>
      <div className={styles.panel}>
        <header className={styles.top}>
          <Brand />
          {aside}
        </header>
        <section className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
          {children}
        </section>
      </div>
    </div>
  );
}
