import { ListGrid } from './ListCard';
import { useGameLists } from './listsApi';
import styles from './lists.module.css';

const inLists = (n: number) => `In ${n.toLocaleString('en-US')} ${n === 1 ? 'list' : 'lists'}`;

/** The game page's "In N lists": how many public lists hold the game, and the most liked of them. */
export function GameLists({ slug }: { slug: string }) {
  const lists = useGameLists(slug);
  // Nothing to say until some list holds it (or when the count cannot be had: the page has the rest).
  if (!lists.data || lists.data.total === 0) return null;
  const { items, total } = lists.data;
  return (
    <section className={styles.gameLists} aria-labelledby="game-lists-heading">
      <h2 id="game-lists-heading">{inLists(total)}</h2>
      {total > items.length && <p className={styles.muted}>The most liked of them:</p>}
      <ListGrid lists={items} label="Most liked lists with this game" />
    </section>
  );
}
