import type { FirstSteps as Steps } from '@vgl/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../stores/auth';
import { useFirstSteps } from './onboardingApi';
import styles from './onboarding.module.css';

const hiddenKey = (username: string) => `vgl.firstSteps.hidden.${username.toLowerCase()}`;

function readHidden(username: string): boolean {
  try {
    return window.localStorage.getItem(hiddenKey(username)) === '1';
  } catch {
    return false;
  }
}

/**
 * Explore's first-run checklist for a new member: log a first game, import a
 * file, follow someone, make a list. Each step links to where it is done and
 * is ticked once it is; the list goes when all four are, or when hidden.
 */
export function FirstSteps() {
  const username = useAuth((s) => s.user?.username);
  const steps = useFirstSteps(username);
  const [hidden, setHidden] = useState(() => (username ? readHidden(username) : false));
  if (!username || hidden || !steps.data) return null;
  const user = username.toLowerCase();
  const items: { key: keyof Steps; label: string; to: string; hint: string }[] = [
    { key: 'loggedGame', label: 'Log your first game', to: '/games', hint: 'Find a game you play and add it to your library.' },
    { key: 'imported', label: 'Bring your library along', to: `/u/${user}/settings/data`, hint: 'Import a file from VGL, Grouvee or HowLongToBeat.' },
    { key: 'followed', label: 'Follow someone', to: '/activity', hint: 'See what friends play, rate and review.' },
    { key: 'madeList', label: 'Make a list', to: `/u/${user}/lists`, hint: 'Your top ten, a backlog plan, anything.' },
  ];
  const done = items.filter((i) => steps.data[i.key]).length;
  if (done === items.length) return null;
  return (
    <section className={styles.checklist} aria-labelledby="first-steps">
      <div className={styles.checklistHead}>
        <h2 id="first-steps">First steps</h2>
        <span className={styles.progress}>
          {done} of {items.length} done
        </span>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => {
            try {
              window.localStorage.setItem(hiddenKey(username), '1');
            } catch {
              // Private mode: hidden for this visit only.
            }
            setHidden(true);
          }}
        >
          Hide
        </button>
      </div>
      <ol className={styles.steps}>
        {items.map((item) => {
          const isDone = steps.data[item.key];
          return (
            <li key={item.key} className={styles.step} data-done={isDone || undefined}>
              <span className={styles.tick} aria-hidden="true">
                {isDone ? '✓' : ''}
              </span>
              <span>
                {isDone ? (
                  <s className={styles.stepLabel}>{item.label}</s>
                ) : (
                  <Link to={item.to} className={styles.stepLabel}>
                    {item.label}
                  </Link>
                )}
                <span className={styles.srOnly}>{isDone ? ' (done)' : ' (to do)'}</span>
                <span className={styles.hint}>{item.hint}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
