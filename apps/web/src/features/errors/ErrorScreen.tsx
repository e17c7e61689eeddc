import { Link } from 'react-router';
import { usePageMeta } from '../../lib/pageMeta';
import styles from './ErrorScreen.module.css';

interface ErrorScreenProps {
  code: 404 | 403;
  title: string;
  message: string;
}

/** The 404 and 403 screens of SPEC §2: own background, message, "To Front Page". */
export function ErrorScreen({ code, title, message }: ErrorScreenProps) {
  usePageMeta({ title });
  return (
    <section className={`${styles.screen} ${code === 404 ? styles.notFound : styles.forbidden}`} data-error={code}>
      <div className={styles.content}>
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
        <h1 className={styles.message}>{message}</h1>
        <Link to="/" className="button button-primary">
          To Front Page
        </Link>
      </div>
    </section>
  );
}
