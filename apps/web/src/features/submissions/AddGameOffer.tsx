import { lazy, Suspense, useId } from 'react';
import { createStore, useStore } from 'zustand';
import { useAuth } from '../../stores/auth';
import { openModal } from '../../stores/modals';
import styles from './submissions.module.css';

// The form and its rules (zod) load when it is first opened: the search page stays small.
const AddGameDialog = lazy(() => import('./AddGameDialog').then((m) => ({ default: m.AddGameDialog })));

/** Which offer opened the one "add-game" dialog (the search page's and the nav's can both be on screen), and with what name. */
const dialogStore = createStore<{ owner: string | null; name: string }>(() => ({ owner: null, name: '' }));

interface AddGameOfferProps {
  /** What was searched for: the form starts with it as the name. */
  query: string;
  /** 'page': a paragraph under the empty results; 'menu': the nav's type-ahead, in a line. */
  variant?: 'page' | 'menu';
  /** After the game was made and its page opened (the nav closes its search box). */
  onDone?: () => void;
  /** The menu's line when the search found games, though probably not this one (instead of "No game matches …"). */
  note?: string;
}

/**
 * What a search that found nothing offers: "Add this game" for a member
 * (a form, prefilled with the search), "Log in to add this game" for a
 * visitor. The game is the member's at once; others see it once a
 * moderator approves it.
 */
export function AddGameOffer({ query, variant = 'page', onDone, note }: AddGameOfferProps) {
  const owner = useId();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const mine = useStore(dialogStore, (s) => s.owner === owner);
  const name = useStore(dialogStore, (s) => s.name);
  const button = `button ${variant === 'page' ? 'button-primary' : 'button-ghost button-small'}`;

  const action = signedIn ? (
    <button
      type="button"
      className={button}
      // Before the search box's blur, so the nav's list does not close under the click.
      onMouseDown={(event) => variant === 'menu' && event.preventDefault()}
      onClick={() => {
        dialogStore.setState({ owner, name: query.trim() });
        openModal('add-game');
      }}
    >
      Add this game
    </button>
  ) : (
    <button type="button" className={button} onMouseDown={(event) => variant === 'menu' && event.preventDefault()} onClick={() => openModal('login')}>
      Log in to add this game
    </button>
  );

  return (
    <div className={variant === 'page' ? styles.offer : styles.menuOffer}>
      {variant === 'page' ? (
        <p>
          Is “{query.trim()}” missing from the catalog? Add it: you can log, rate and review it right away, and everyone sees it once a moderator approves it.
        </p>
      ) : (
        <p>{note ?? <>No game matches “{query.trim()}”.</>}</p>
      )}
      {action}
      {mine && (
        <Suspense fallback={null}>
          <AddGameDialog initialName={name} onDone={onDone} />
        </Suspense>
      )}
    </div>
  );
}
