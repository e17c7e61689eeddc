import { ADMIN_LIMITS } from '@vgl/shared';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ApiRequestError } from '../../lib/api';
import { usePageParam } from '../catalog/usePageParam';
import styles from './dashboard.module.css';

/** The search text (q) and page (p) of a dashboard list, both in the URL so a moderator can share or reload the view. */
export function useListParams(): { q: string; page: number } {
  const [params] = useSearchParams();
  return { q: (params.get('q') ?? '').trim(), page: usePageParam() };
}

/** The search form of a dashboard list: a new search starts at page 1. */
export function SearchBox({ label, placeholder }: { label: string; placeholder: string }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const id = useId();
  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
        const next = new URLSearchParams(params);
        if (value) next.set('q', value);
        else next.delete('q');
        next.delete('p');
        setParams(next);
      }}
    >
      <label htmlFor={id}>{label}</label>
      <div className={styles.searchRow}>
        {/* Keyed on q so going back in history shows that search's text. */}
        <input key={q} id={id} name="q" type="search" defaultValue={q} placeholder={placeholder} maxLength={ADMIN_LIMITS.queryMaxLength} />
        <button type="submit" className="button button-ghost button-small">
          Search
        </button>
      </div>
    </form>
  );
}

interface ListStatusProps {
  /** "users", "reviews"… for the messages. */
  what: string;
  /** The query's error, if it failed. */
  error: unknown;
  /** Null while the first page loads. */
  count: number | null;
}

/**
 * Loading, failure and "Nothing found." (SPEC §8) for a list; null once there
 * is something to show. A refusal says why (a role taken away since login).
 */
export function ListStatus({ what, error, count }: ListStatusProps) {
  if (error && count === null)
    return (
      <p className={styles.error} role="alert">
        {error instanceof ApiRequestError && error.status === 403 && error.body ? error.body.message : `The ${what} could not be loaded. Please try again.`}
      </p>
    );
  if (count === null)
    return (
      <p className={styles.status} role="status">
        Loading {what}…
      </p>
    );
  if (count === 0) return <p className={styles.empty}>Nothing found.</p>;
  return null;
}
