import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../stores/auth';
import { FormSection } from '../../components/form/FormSection';
import { formatFullDateTime } from '../../lib/relativeDate';
import { showToast } from '../../stores/toast';
import { toastFailure } from '../settings/toastFailure';
import styles from './releases.module.css';
import { useCalendarFeed, useNewCalendarFeed, useRevokeCalendarFeed } from './releasesApi';

/**
 * Settings → Notifications → Calendar feed: a private iCalendar address with
 * the release dates of the member's wishlist and backlog. VGL keeps only its
 * hash, so the address is shown once, when made; a new one, or Stop, makes
 * the old one answer 404.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const make = useNewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const id = useId();
  const username = useAuth((s) => s.user?.username.toLowerCase() ?? '');

  const create = () =>
    make.mutate(undefined, {
      onSuccess: (made) => setUrl(made.url),
      onError: (error) => toastFailure('Making the calendar address', error),
    });
  const stop = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        showToast({ variant: 'success', text: 'Calendar feed stopped: its address no longer works.' });
      },
      onError: (error) => toastFailure('Stopping the calendar feed', error),
    });
  const copy = async () => {
    try {
      if (!navigator.clipboard || !url) throw new Error('No clipboard here');
      await navigator.clipboard.writeText(url);
      showToast({ variant: 'success', head: 'Copied', text: 'The calendar address is on your clipboard.' });
    } catch {
      document.getElementById(`${id}-url`)?.focus();
      showToast({ variant: 'alert', text: 'The address could not be copied. It is selected: copy it with Ctrl+C (⌘C on a Mac).' });
    }
  };

  const createdAt = feed.data?.createdAt ?? null;
  return (
    <FormSection title="Calendar feed">
      <p className={styles.hint}>
        Subscribe in your calendar app (Google Calendar, Apple Calendar, Outlook…) to see the release dates of the games on your wishlist and backlog. The
        address is private: anyone who has it sees those dates. The same games are on your <Link to={`/u/${username}/coming-up`}>Coming up</Link> page.
      </p>
      {url && (
        <>
          <label htmlFor={`${id}-url`} className={styles.hint}>
            <strong>Your calendar address</strong> — copy it now: it will not be shown again.
          </label>
          <div className={styles.feed}>
            <input id={`${id}-url`} className={styles.url} type="text" readOnly value={url} spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="button button-primary" onClick={() => void copy()}>
              Copy
            </button>
          </div>
        </>
      )}
      {!url && createdAt !== null && <p className={styles.hint}>You have a calendar feed, made {formatFullDateTime(createdAt)}. Make a new address if you lost it.</p>}
      <div className={styles.actions}>
        <button type="button" className="button button-primary" onClick={create} disabled={make.isPending || feed.isPending}>
          {createdAt === null ? 'Make a calendar address' : 'Make a new address'}
        </button>
        {createdAt !== null && (
          <button type="button" className="button button-ghost" onClick={stop} disabled={revoke.isPending}>
            Stop the calendar feed
          </button>
        )}
      </div>
      {createdAt !== null && <p className={styles.hint}>A new address, or stopping the feed, turns the old address off.</p>}
    </FormSection>
  );
}
