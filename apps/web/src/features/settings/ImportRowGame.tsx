import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './DataSettingsPage.module.css';
import type { GameRef, ImportPreviewRow } from './dataApi';
import { GamePickCombobox } from './GamePickCombobox';

/** What the member chose for a line: a game, null to leave it out; undefined is no choice (the match stands). */
export type LinePick = GameRef | null | undefined;
/** The member's choices by line of the file. */
export type LinePicks = ReadonlyMap<number, GameRef | null>;

const gameName = (game: GameRef) => `${game.name}${game.year ? ` (${game.year})` : ''}`;

function GameLink({ game }: { game: GameRef }) {
  return (
    <Link to={`/games/${game.slug}`} target="_blank" rel="noopener">
      {gameName(game)}
    </Link>
  );
}

interface ImportRowGameProps {
  row: ImportPreviewRow;
  pick: LinePick;
  onPick: (pick: LinePick) => void;
}

/**
 * The Game cell of a preview row: the game it matched, or, for a row not
 * found or flagged, the member's choice of game (kept for its whole line).
 */
export function ImportRowGame({ row, pick, onPick }: ImportRowGameProps) {
  const [searching, setSearching] = useState(false);
  const cell = useRef<HTMLDivElement>(null);
  // The button pressed (or the search box) goes away with the choice: the keyboard lands on the first button of what replaces it.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || searching) return;
    refocus.current = false;
    cell.current?.querySelector('button')?.focus();
  });
  const forRow = <span className="visually-hidden"> for {row.title || `line ${row.line}`}</span>;
  const choose = (next: LinePick) => {
    refocus.current = true;
    setSearching(false);
    onPick(next);
  };
  const stopSearching = () => {
    refocus.current = true;
    setSearching(false);
  };

  return (
    <div ref={cell}>
      {searching ? (
        <GamePickCombobox label={`Pick the game for ${row.title || `line ${row.line}`}`} initialQuery={row.title} onPick={choose} onCancel={stopSearching} />
      ) : (
        <RowChoice row={row} pick={pick} forRow={forRow} onSearch={() => setSearching(true)} onChoose={choose} />
      )}
    </div>
  );
}

interface RowChoiceProps {
  row: ImportPreviewRow;
  pick: LinePick;
  /** Visually hidden end of the buttons' names: which row they act on. */
  forRow: ReactNode;
  onSearch: () => void;
  onChoose: (pick: LinePick) => void;
}

/** The match, the pick or the options for a row, when the search is closed. */
function RowChoice({ row, pick, forRow, onSearch, onChoose: choose }: RowChoiceProps) {

  if (pick)
    return (
      <div className={styles.choice}>
        <span>
          <span className={styles.matched}>Picked:</span> <GameLink game={pick} />
        </span>
        <span className={styles.choiceActions}>
          <button type="button" className="button button-ghost button-small" onClick={onSearch}>
            Change{forRow}
          </button>
          <button type="button" className="button button-ghost button-small" onClick={() => choose(undefined)}>
            Undo{forRow}
          </button>
        </span>
      </div>
    );

  if (pick === null)
    return (
      <div className={styles.choice}>
        <span className={styles.leftOut}>Left out</span>
        <span className={styles.choiceActions}>
          <button type="button" className="button button-ghost button-small" onClick={() => choose(undefined)}>
            Undo{forRow}
          </button>
        </span>
      </div>
    );

  if (row.match)
    return (
      <span>
        <span className={styles.matched}>Matched</span> <GameLink game={row.match} />
      </span>
    );

  return (
    <div className={styles.choice}>
      {row.flag ? (
        <span>
          <span className={styles.needsCheck}>Check</span> <span className={styles.flag}>{row.flag}</span>
        </span>
      ) : (
        <span className={styles.missing}>Not found</span>
      )}
      <span className={styles.choiceActions}>
        {row.suggestion && (
          <button type="button" className="button button-ghost button-small" onClick={() => choose(row.suggestion)}>
            Use {gameName(row.suggestion)}
          </button>
        )}
        <button type="button" className="button button-ghost button-small" onClick={onSearch}>
          Pick the game{forRow}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={() => choose(null)}>
          Leave out{forRow}
        </button>
      </span>
    </div>
  );
}
