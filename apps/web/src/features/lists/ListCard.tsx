import type { ListSummary } from '@vgl/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { GameCover } from '../../components/GameCover';
import { profilePath } from '../profile/profilePaths';
import { listPagePath } from './listPaths';
import styles from './lists.module.css';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The first covers fanned out, as Letterboxd and Backloggd show a list; decorative (the title link names the list). */
export function CoverStrip({ games }: { games: ListSummary['preview'] }) {
  return (
    <span className={styles.strip} aria-hidden="true">
      {games.length === 0 ? (
        <span className={styles.stripEmpty}>No games yet</span>
      ) : (
        games.map((game) => (
          <span key={game.slug} className={styles.stripCover}>
            <GameCover name={game.name} cover={game.cover} decorative />
          </span>
        ))
      )}
    </span>
  );
}

/** A list in a grid of lists: covers, title, author, counts and the start of its description. */
export function ListCard({ list, showAuthor = true }: { list: ListSummary; showAuthor?: boolean }) {
  return (
    <article className={styles.card}>
      <Link to={listPagePath(list.user.username, list.slug)} className={styles.cardLink}>
        <CoverStrip games={list.preview} />
        <span className={styles.cardTitle}>{list.title}</span>
      </Link>
      <p className={styles.cardMeta}>
        {showAuthor && (
          <Link to={profilePath(list.user.username)} className={styles.cardAuthor}>
            <Avatar avatar={list.user.avatar} size="sm" />
            {list.user.username}
          </Link>
        )}
        <span>{count(list.games, 'game', 'games')}</span>
        <span>{count(list.likes, 'like', 'likes')}</span>
        <span>{count(list.comments, 'comment', 'comments')}</span>
        {list.ranked && <span className={styles.badge}>Ranked</span>}
        {!list.isPublic && <span className={styles.badge}>{list.visibility === 'followers' ? 'Followers' : 'Private'}</span>}
      </p>
      {list.excerpt && <p className={styles.cardExcerpt}>{list.excerpt}</p>}
    </article>
  );
}

/** Lists as a responsive grid of cards. */
export function ListGrid({ lists, showAuthor = true, label }: { lists: ListSummary[]; showAuthor?: boolean; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {lists.map((list) => (
        <li key={list.id}>
          <ListCard list={list} showAuthor={showAuthor} />
        </li>
      ))}
    </ul>
  );
}
