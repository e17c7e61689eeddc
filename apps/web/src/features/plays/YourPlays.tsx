import { useQueryClient } from '@tanstack/react-query';
import type { Play } from '@vgl/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../components/Modal';
import { RatingStars } from '../../components/RatingStars';
import { ReviewBody } from '../../components/review/ReviewBody';
import { ApiRequestError } from '../../lib/api';
import { useAuth } from '../../stores/auth';
import { openModal } from '../../stores/modals';
import { showToast } from '../../stores/toast';
import { ConfirmDelete } from '../journal/ConfirmDelete';
import type { LibraryFormGame } from '../library/LibraryEntryForm';
import { useLibraryEntry } from '../library/libraryApi';
import { playDates, playFacts, playLabel } from './playLabels';
import { deletePlay, invalidatePlays, usePlays } from './playsApi';
import styles from './plays.module.css';

// The form brings zod with it: a chunk of its own, fetched when first wanted.
const loadForm = () => import('./PlayForm');
const PlayForm = lazy(() => loadForm().then((m) => ({ default: m.PlayForm })));
const preloadForm = () => void loadForm();

/** The game page's "Your plays": the signed-in member's history with the game, when it is in their library. */
export function YourPlaysControl({ game }: { game: LibraryFormGame }) {
  const username = useAuth((s) => s.user?.username);
  const entry = useLibraryEntry(username, game.slug);
  const plays = usePlays(username, game.slug, Boolean(entry.data));
  if (!username || !entry.data || !plays.data) return null;
  return <YourPlays username={username} game={game} plays={plays.data} />;
}

interface YourPlaysProps {
  username: string;
  game: LibraryFormGame;
  plays: Play[];
}

/**
 * Each play with its dates, platform, completion, hours, stars and review;
 * Edit on each, Delete on replays, and "Log a replay". One play is one line:
 * the list is for members who came back to the game.
 */
export function YourPlays({ username, game, plays }: YourPlaysProps) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<Play | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);

  const openForm = (play: Play | null) => {
    setEditing(play);
    setDeleting(null);
    openModal('play-form');
  };

  const remove = async (play: Play) => {
    setBusy(true);
    try {
      await deletePlay(username, play.id);
      showToast({ variant: 'success', text: `${playLabel(play)} was deleted.` });
      setDeleting(null);
      // The play's buttons leave the page: focus goes to the section's "Log a replay".
      sectionRef.current?.querySelector<HTMLElement>('[data-log-replay]')?.focus();
      await invalidatePlays(client, username, game.slug);
    } catch (error) {
      showToast({ variant: 'alert', ...(error instanceof ApiRequestError && error.body ? { text: error.body.message } : {}) });
    } finally {
      setBusy(false);
    }
  };

  const first = plays.length === 0;
  const logLabel = first ? 'Log a play' : 'Log a replay';
  return (
    <section ref={sectionRef} className={styles.section} aria-labelledby="your-plays">
      <h2 id="your-plays">Your plays</h2>
      {plays.length === 0 && <p className={styles.empty}>No play logged yet.</p>}
      {plays.length === 1 && <CompactPlay play={plays[0]!} onEdit={() => openForm(plays[0]!)} />}
      {plays.length > 1 && (
        <ol className={styles.list}>
          {plays.map((play) => (
            <PlayItem
              key={play.id}
              play={play}
              busy={busy}
              onEdit={() => openForm(play)}
              confirming={deleting === play.id}
              onDelete={() => setDeleting(play.id)}
              onConfirm={() => void remove(play)}
              onKeep={() => {
                setDeleting(null);
                document.getElementById(`play-delete-${play.id}`)?.focus();
              }}
            />
          ))}
        </ol>
      )}
      <button type="button" className="button button-ghost" data-log-replay onClick={() => openForm(null)} onPointerEnter={preloadForm} onFocus={preloadForm}>
        {logLabel}
      </button>
      <Modal name="play-form" title={editing ? `Edit ${playLabel(editing).toLowerCase()}` : logLabel} wide>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <PlayForm key={editing?.id ?? 'new'} username={username} game={game} play={editing} first={first} />
        </Suspense>
      </Modal>
    </section>
  );
}

/** One play in one line: its label, dates, facts and stars, a link to its review, and Edit. */
function CompactPlay({ play, onEdit }: { play: Play; onEdit: () => void }) {
  return (
    <p className={styles.compact}>
      <strong>{playLabel(play)}</strong>
      <span>{[playDates(play), ...playFacts(play)].join(' · ')}</span>
      {play.rating !== null && <RatingStars value={play.rating} size="sm" />}
      {play.reviewPath && <Link to={play.reviewPath}>Read review</Link>}
      <button type="button" className="button button-ghost button-small" onClick={onEdit} onPointerEnter={preloadForm}>
        Edit<span className="visually-hidden"> {playLabel(play).toLowerCase()}</span>
      </button>
    </p>
  );
}

interface PlayItemProps {
  play: Play;
  busy: boolean;
  confirming: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onConfirm: () => void;
  onKeep: () => void;
}

function PlayItem({ play, busy, confirming, onEdit, onDelete, onConfirm, onKeep }: PlayItemProps) {
  const label = playLabel(play);
  const sessions = play.sessions > 0 ? ` ${play.sessions.toLocaleString('en-US')} ${play.sessions === 1 ? 'session' : 'sessions'} in your diary.` : '';
  return (
    <li className={styles.play} aria-labelledby={`play-${play.id}`}>
      <div className={styles.head}>
        <h3 id={`play-${play.id}`}>{label}</h3>
        {play.rating !== null && <RatingStars value={play.rating} size="md" />}
      </div>
      <p className={styles.dates}>{playDates(play)}</p>
      {playFacts(play).length > 0 && <p className={styles.facts}>{playFacts(play).join(' · ')}</p>}
      {play.review && (
        <div className={styles.review}>
          <ReviewBody text={play.review} spoilers={play.spoilers} />
        </div>
      )}
      <div className={styles.actions}>
        {play.reviewPath && <Link to={play.reviewPath}>Read review</Link>}
        <button type="button" className="button button-ghost button-small" disabled={busy} onClick={onEdit} onPointerEnter={preloadForm}>
          Edit<span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
        {play.replay && (
          <button id={`play-delete-${play.id}`} type="button" className="button button-ghost button-small" disabled={busy} onClick={onDelete} aria-expanded={confirming}>
            Delete<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        )}
      </div>
      {confirming && <ConfirmDelete question={`Delete ${label.toLowerCase()}? Its rating, review and sessions go with it.${sessions}`} onConfirm={onConfirm} onKeep={onKeep} busy={busy} />}
    </li>
  );
}
