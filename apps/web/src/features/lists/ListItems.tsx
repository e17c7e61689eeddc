import { formatReleaseDate, LIST_LIMITS, type ListDetail, type ListItem } from '@vgl/shared';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { GameCover } from '../../components/GameCover';
import { ReviewBody } from '../../components/review/ReviewBody';
import { toastFailure } from '../settings/toastFailure';
import { useListEdits } from './listsApi';
import styles from './lists.module.css';

/** `ids` with the one at `from` moved to `to`. */
export function moved<T>(ids: T[], from: number, to: number): T[] {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

interface ListItemsProps {
  list: ListDetail;
  username: string;
  /** The owner's editing mode: move, note and remove controls on each game. */
  editing: boolean;
}

/**
 * The list's games in order. While the owner edits, each game can be moved
 * by dragging it or with its Move up / Move down buttons (one call sets the
 * whole new order), given a note, or taken out; a live region says what
 * happened.
 */
export function ListItems({ list, username, editing }: ListItemsProps) {
  const { reorder, setNote, remove } = useListEdits(username, list.slug);
  const [said, setSaid] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const items = list.items;
  const ids = items.map((item) => item.game.id);

  function move(from: number, to: number, how: 'keyboard' | 'drag') {
    if (to < 0 || to >= items.length || from === to) return;
    const game = items[from]!.game;
    reorder.mutate(moved(ids, from, to), {
      onError: (error) => toastFailure('Reordering the list', error),
    });
    setSaid(`Moved ${game.name} to place ${to + 1} of ${items.length}.`);
    if (how === 'keyboard') {
      // Focus follows the game to its new place, on the same button when it is still there.
      const button = from < to ? 'down' : 'up';
      window.setTimeout(() => {
        const row = document.querySelector<HTMLElement>(`[data-list-game="${game.id}"]`);
        const target = row?.querySelector<HTMLButtonElement>(`button[data-move="${button}"]:not(:disabled)`) ?? row?.querySelector<HTMLButtonElement>('button[data-move]:not(:disabled)');
        target?.focus();
      });
    }
  }

  const dragProps = (index: number) =>
    editing
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(ids[index]));
            setDragFrom(index);
          },
          onDragOver: (event: DragEvent) => {
            if (dragFrom === null) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            if (dropAt !== index) setDropAt(index);
          },
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            if (dragFrom !== null) move(dragFrom, index, 'drag');
            setDragFrom(null);
            setDropAt(null);
          },
          onDragEnd: () => {
            setDragFrom(null);
            setDropAt(null);
          },
        }
      : {};

  if (items.length === 0) {
    return <p className={styles.empty}>{editing ? 'No games yet. Add some with “Add to list” on any game page or games grid.' : 'No games in this list yet.'}</p>;
  }

  return (
    <>
      <h2 id="list-games-heading" className="visually-hidden">
        Games
      </h2>
      <ol className={styles.items} aria-labelledby="list-games-heading" aria-busy={reorder.isPending || remove.isPending}>
        {items.map((item, index) => (
          <li
            key={item.game.id}
            className={styles.item}
            data-list-game={item.game.id}
            data-dragging={dragFrom === index || undefined}
            data-drop-target={(dropAt === index && dragFrom !== index) || undefined}
            {...dragProps(index)}
          >
            <span className={list.ranked ? styles.rank : `${styles.rank} ${styles.unranked}`} aria-hidden={!list.ranked}>
              {list.ranked ? item.rank : ''}
            </span>
            <Link to={`/games/${item.game.slug}`} className={styles.itemCover} tabIndex={-1} aria-hidden="true" draggable={false}>
              <GameCover name={item.game.name} cover={item.game.cover} decorative />
            </Link>
            <div className={styles.itemBody}>
              <h3 className={styles.itemName}>
                {list.ranked && <span className="visually-hidden">{item.rank}. </span>}
                <Link to={`/games/${item.game.slug}`} draggable={false}>
                  {item.game.name}
                </Link>{' '}
                <span className={styles.year}>{formatReleaseDate(item.game.first_release_date, item.game.release_year, 'short')}</span>
              </h3>
              {item.note && (
                <div className={styles.note}>
                  <ReviewBody text={item.note} />
                </div>
              )}
              {editing && (
                <ItemTools
                  item={item}
                  index={index}
                  count={items.length}
                  busy={remove.isPending}
                  onMove={(to) => move(index, to, 'keyboard')}
                  onNote={async (note) => {
                    await setNote.mutateAsync({ gameId: item.game.id, note });
                    setSaid(note.trim() ? `Saved the note on ${item.game.name}.` : `Cleared the note on ${item.game.name}.`);
                  }}
                  onRemove={() =>
                    remove.mutate(item.game.id, {
                      onSuccess: () => setSaid(`Took ${item.game.name} out of the list.`),
                      onError: (error) => toastFailure('Removing the game', error),
                    })
                  }
                />
              )}
            </div>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </>
  );
}

interface ItemToolsProps {
  item: ListItem;
  index: number;
  count: number;
  busy: boolean;
  onMove: (to: number) => void;
  onNote: (note: string) => Promise<void>;
  onRemove: () => void;
}

function ItemTools({ item, index, count, busy, onMove, onNote, onRemove }: ItemToolsProps) {
  const [noting, setNoting] = useState(false);
  const noteButton = useRef<HTMLButtonElement>(null);
  const name = item.game.name;
  return (
    <>
      <div className={styles.tools}>
        <span className={`button button-ghost button-small ${styles.handle}`} aria-hidden="true" title="Drag to move">
          ⠿ Drag
        </span>
        <button type="button" className="button button-ghost button-small" data-move="up" disabled={index === 0} aria-label={`Move ${name} up`} onClick={() => onMove(index - 1)}>
          ↑ Up
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          data-move="down"
          disabled={index === count - 1}
          aria-label={`Move ${name} down`}
          onClick={() => onMove(index + 1)}
        >
          ↓ Down
        </button>
        <button ref={noteButton} type="button" className="button button-ghost button-small" aria-expanded={noting} aria-label={`${item.note ? 'Edit' : 'Add'} note on ${name}`} onClick={() => setNoting((open) => !open)}>
          {item.note ? 'Edit note' : 'Add note'}
        </button>
        <button type="button" className="button button-ghost button-small" disabled={busy} aria-label={`Remove ${name} from the list`} onClick={onRemove}>
          Remove
        </button>
      </div>
      {noting && (
        <NoteForm
          name={name}
          note={item.note ?? ''}
          onSave={async (note) => {
            await onNote(note);
            setNoting(false);
            noteButton.current?.focus();
          }}
          onCancel={() => {
            setNoting(false);
            noteButton.current?.focus();
          }}
        />
      )}
    </>
  );
}

function NoteForm({ name, note, onSave, onCancel }: { name: string; note: string; onSave: (note: string) => Promise<void>; onCancel: () => void }) {
  const id = useId();
  const [text, setText] = useState(note);
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      await onSave(text);
    } catch (error) {
      toastFailure('Saving the note', error);
      setPending(false);
    }
  }
  return (
    <form className={styles.noteForm} onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className="visually-hidden">
        Note on {name}
      </label>
      <textarea id={id} value={text} maxLength={LIST_LIMITS.noteMaxLength} autoFocus onChange={(e) => setText(e.target.value)} />
      <div>
        <button type="submit" className="button button-primary button-small" disabled={pending}>
          {pending ? 'Saving…' : 'Save note'}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
