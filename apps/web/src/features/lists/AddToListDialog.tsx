import { LIST_LIMITS, LIST_MESSAGES } from '@vgl/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../stores/auth';
import { closeModal } from '../../stores/modals';
import { toastFailure } from '../settings/toastFailure';
import type { ListableGame } from './AddToList';
import { useCreateList, useMyListsFor, useToggleListGame } from './listsApi';
import { listsPagePath } from './listPaths';
import styles from './addToList.module.css';

const gamesText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'game' : 'games'}`;

/**
 * The member's lists as checkboxes: ticking one adds the game, unticking
 * takes it out, each at once; and a new list made on the spot holds it.
 */
export function AddToListDialog({ game }: { game: ListableGame }) {
  const username = useAuth((s) => s.user?.username) ?? '';
  const lists = useMyListsFor(username, game.slug);
  const toggle = useToggleListGame(username);
  const create = useCreateList(username);
  const [busy, setBusy] = useState<string | null>(null);
  // What was just ticked shows at once; the refetched lists then agree (or a failure puts it back).
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [said, setSaid] = useState('');
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const titleId = useId();

  async function change(slug: string, listTitle: string, add: boolean) {
    setBusy(slug);
    setTicked((current) => ({ ...current, [slug]: add }));
    try {
      await toggle.mutateAsync({ slug, game, add });
      setSaid(add ? `Added ${game.name} to ${listTitle}.` : `Took ${game.name} out of ${listTitle}.`);
    } catch (error) {
      setTicked(({ [slug]: _undone, ...rest }) => rest);
      toastFailure(add ? 'Adding to the list' : 'Removing from the list', error);
    } finally {
      setBusy(null);
    }
  }

  async function makeList(event: FormEvent) {
    event.preventDefault();
    const text = title.trim();
    if (!text) return setTitleError(LIST_MESSAGES.titleRequired);
    setTitleError(null);
    setBusy('new');
    try {
      const list = await create.mutateAsync({ title: text, description: '', ranked: false, visibility: 'public' });
      await toggle.mutateAsync({ slug: list.slug, game, add: true });
      setTitle('');
      setSaid(`Made the list ${list.title} with ${game.name} in it.`);
    } catch (error) {
      toastFailure('Making the list', error);
    } finally {
      setBusy(null);
    }
  }

  const full = (lists.data?.length ?? 0) >= LIST_LIMITS.listsPerMember;
  return (
    <div className={styles.dialog}>
      {lists.isError ? (
        <p className={styles.status} role="alert">
          Your lists could not be loaded. Please try again.
        </p>
      ) : !lists.data ? (
        <p className={styles.status} role="status">
          Loading your lists…
        </p>
      ) : lists.data.length === 0 ? (
        <p className={styles.status}>You have no lists yet. Make one below.</p>
      ) : (
        <ul className={styles.lists} aria-label="Your lists" aria-busy={lists.isFetching}>
          {lists.data.map((list) => (
            <li key={list.id}>
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  checked={ticked[list.slug] ?? list.hasGame === true}
                  disabled={busy !== null}
                  onChange={(e) => void change(list.slug, list.title, e.target.checked)}
                />
                <span className={styles.choiceText}>
                  <span className={styles.choiceTitle}>{list.title}</span>
                  <span className={styles.choiceMeta}>
                    {gamesText(list.games)}
                    {list.isPublic ? '' : ' · Private'}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {full ? (
        <p className={styles.status}>{LIST_MESSAGES.tooManyLists}</p>
      ) : (
        <form className={styles.newList} onSubmit={(e) => void makeList(e)} noValidate>
          <div>
            <label htmlFor={titleId}>New list</label>
            <input
              id={titleId}
              value={title}
              maxLength={LIST_LIMITS.titleMaxLength}
              placeholder="Title"
              aria-invalid={titleError !== null}
              aria-describedby={titleError ? `${titleId}-error` : undefined}
              onChange={(e) => setTitle(e.target.value)}
            />
            {titleError && (
              <p id={`${titleId}-error`} className={styles.error} role="alert">
                {titleError}
              </p>
            )}
          </div>
          <button type="submit" className="button button-ghost" disabled={busy !== null}>
            {busy === 'new' ? 'Making…' : 'Make and add'}
          </button>
        </form>
      )}
      <div>
        <button type="button" className="button button-primary" onClick={() => closeModal('add-to-list')}>
          Done
        </button>{' '}
        <Link to={listsPagePath(username)} onClick={() => closeModal('add-to-list')}>
          See your lists
        </Link>
      </div>
    </div>
  );
}
