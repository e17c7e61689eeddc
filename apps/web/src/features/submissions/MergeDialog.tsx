import { type AdminSubmission } from '@vgl/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import { api } from '../../lib/api';
import { closeModal } from '../../stores/modals';
import type { GameCard } from '../catalog/catalogApi';
import { useMergeSubmission } from './moderationApi';
import styles from './submissions.module.css';

const MODAL = 'merge-game';
const PICKS = 8;

/** "Merge…": find the catalog game the submission is, then merge it there (every entry of its game moves). */
export function MergeDialog({ submission }: { submission: AdminSubmission }) {
  return (
    <Modal name={MODAL} title={`Merge ${submission.name}`} wide>
      <MergeForm submission={submission} />
    </Modal>
  );
}

function MergeForm({ submission }: { submission: AdminSubmission }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(submission.name);
  const [q, setQ] = useState(submission.name);
  const [picked, setPicked] = useState<GameCard | null>(null);
  const merge = useMergeSubmission();
  // The catalog's own search: only games in the catalog, never another submission awaiting a moderator.
  const found = useQuery({
    queryKey: ['merge-target', q],
    enabled: q.trim().length > 0,
    queryFn: async ({ signal }) => (await api.get<GameCard[]>(`/api/igdb/search?${new URLSearchParams({ q, p: '1', limit: String(PICKS) })}`, { signal })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const candidates = (found.data ?? []).filter((g) => g.slug !== submission.game?.slug);

  useEffect(() => {
    const timer = window.setTimeout(() => field.current?.focus());
    return () => window.clearTimeout(timer);
  }, []);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!picked || merge.isPending) return;
    try {
      await merge.mutateAsync({ target: submission, into: { slug: picked.slug, name: picked.name } });
      closeModal(MODAL);
    } catch {
      // The failure is already an alert toast; the dialog stays for another pick.
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void send(e)} noValidate>
      <p className={styles.lead}>
        Every library entry, diary entry, list place and review of {submission.name} moves to the game you pick; {submission.user.username} is told.
      </p>
      <div className={styles.platformField}>
        <label htmlFor={`${id}-q`}>Find the catalog game</label>
        <div className={styles.filter}>
          <input
            ref={field}
            id={`${id}-q`}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                setQ(typed.trim());
                setPicked(null);
              }
            }}
          />
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => {
              setQ(typed.trim());
              setPicked(null);
            }}
          >
            Search
          </button>
        </div>
      </div>
      {found.isFetching && !found.data ? (
        <p className={styles.hint} role="status">
          Searching…
        </p>
      ) : q.trim() && candidates.length === 0 ? (
        <p className={styles.hint} role="status">
          Nothing found.
        </p>
      ) : (
        <ul className={styles.mergePicks} aria-label="Catalog games">
          {candidates.map((game) => (
            <li key={game.id}>
              <button type="button" aria-pressed={picked?.id === game.id} onClick={() => setPicked(game)}>
                {game.name}
                {game.release_year !== null ? ` (${game.release_year})` : ''}
                {game.platform ? ` · ${game.platform}` : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.buttons}>
        <button type="button" className="button button-ghost" onClick={() => closeModal(MODAL)}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" aria-disabled={!picked || merge.isPending || undefined}>
          {merge.isPending ? 'Merging…' : picked ? `Merge into ${picked.name}` : 'Pick a game'}
        </button>
      </div>
    </form>
  );
}
