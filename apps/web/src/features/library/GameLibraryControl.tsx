import { lazy, Suspense } from 'react';
import { Modal } from '../../components/Modal';
import { useAuth } from '../../stores/auth';
import { openModal } from '../../stores/modals';
import type { LibraryFormGame } from './LibraryEntryForm';
import { useLibraryEntry } from './libraryApi';
import styles from './library.module.css';

// The form brings zod with it: a chunk of its own, fetched when first wanted.
const loadForm = () => import('./LibraryEntryForm');
const LibraryEntryForm = lazy(() => loadForm().then((m) => ({ default: m.LibraryEntryForm })));
const preloadForm = () => void loadForm();

/**
 * The game page's library control: "Add to library" or "Edit library entry"
 * for the signed-in user, opening the library form in a modal; a visitor is
 * offered the login modal instead. (QuickLog has the one-click status and stars.)
 */
export function GameLibraryControl({ game }: { game: LibraryFormGame }) {
  const username = useAuth((s) => s.user?.username);
  if (!username) {
    return (
      <div className={styles.control}>
        <button type="button" className="button button-ghost" onClick={() => openModal('login')}>
          Log in to add this game to your library
        </button>
      </div>
    );
  }
  return <OwnerControl username={username} game={game} />;
}

function OwnerControl({ username, game }: { username: string; game: LibraryFormGame }) {
  const entry = useLibraryEntry(username, game.slug);
  if (entry.isError) {
    return (
      <p className={styles.control} role="status">
        Your library entry could not be loaded. Please reload the page.
      </p>
    );
  }
  const label = entry.data ? 'Edit library entry' : 'Add to library';
  return (
    <div className={styles.control}>
      <button
        type="button"
        className="button button-primary"
        disabled={entry.isPending}
        onClick={() => openModal('library-entry')}
        onPointerEnter={preloadForm}
        onFocus={preloadForm}
      >
        {label}
      </button>
      <Modal name="library-entry" title={label} wide>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <LibraryEntryForm username={username} game={game} entry={entry.data ?? null} />
        </Suspense>
      </Modal>
    </div>
  );
}
