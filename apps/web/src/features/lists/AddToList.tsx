import { lazy, Suspense, type ReactNode } from 'react';
import { createStore, useStore } from 'zustand';
import { GameCardActionContext } from '../../components/GameCardAction';
import type { GridGame } from '../../components/GamesGrid';
import { Modal } from '../../components/Modal';
import { useAuth } from '../../stores/auth';
import { openModalFrom, useFocusReturn } from './modalFocus';
import styles from './addToList.module.css';

/** The game the "Add to list" dialog is about. */
export interface ListableGame {
  id: number;
  slug: string;
  name: string;
}

const targetStore = createStore<{ game: ListableGame | null }>(() => ({ game: null }));

// The dialog fetches and edits lists: its own chunk, loaded when first opened.
const AddToListDialog = lazy(() => import('./AddToListDialog').then((m) => ({ default: m.AddToListDialog })));

const PlusIcon = () => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" aria-hidden="true" focusable="false">
    <path d="M12 5v14M5 12h14" />
  </svg>
);

/**
 * "Add to list" for a signed-in member: a button on the game page, or a
 * small round one on a game card. Visitors see nothing (the page offers them
 * the login instead).
 */
export function AddToListButton({ game, variant = 'page' }: { game: ListableGame; variant?: 'page' | 'card' }) {
  const signedIn = useAuth((s) => s.isAuthenticated);
  if (!signedIn) return null;
  const open = (opener: HTMLElement) => {
    targetStore.setState({ game: { id: game.id, slug: game.slug, name: game.name } });
    openModalFrom('add-to-list', opener);
  };
  if (variant === 'card') {
    return (
      <button type="button" className={styles.cardButton} aria-label={`Add ${game.name} to a list`} title="Add to a list" onClick={(e) => open(e.currentTarget)}>
        <PlusIcon />
      </button>
    );
  }
  return (
    <div className={styles.pageControl}>
      <button type="button" className="button button-ghost" onClick={(e) => open(e.currentTarget)}>
        <PlusIcon /> Add to list
      </button>
    </div>
  );
}

const cardAction = (game: GridGame) => <AddToListButton game={game} variant="card" />;

/**
 * Once in the app frame: lets every games grid offer "Add to list" to
 * members, and holds the one dialog all those buttons open.
 */
export function ListActionsProvider({ children }: { children: ReactNode }) {
  const signedIn = useAuth((s) => s.isAuthenticated);
  const game = useStore(targetStore, (s) => s.game);
  useFocusReturn('add-to-list');
  return (
    <GameCardActionContext.Provider value={signedIn ? cardAction : null}>
      {children}
      {game && (
        <Modal name="add-to-list" title={`Add ${game.name} to a list`}>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <AddToListDialog game={game} />
          </Suspense>
        </Modal>
      )}
    </GameCardActionContext.Provider>
  );
}
