import { PLAY_STATUS_LABELS, type ActivityItem, type ActivityVerb, type UserRef } from '@vgl/shared';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RatingStars } from '../../components/RatingStars';
import { listPagePath } from '../lists/listPaths';
import { profilePath } from '../profile/profilePaths';

const UserLink = ({ user }: { user: Pick<UserRef, 'username'> }) => <Link to={profilePath(user.username)}>{user.username}</Link>;

/** Clauses joined as people write lists: "a", "a and b", "a, b and c". */
const joinClauses = (clauses: ReactNode[]) =>
  clauses.map((clause, i) => (
    <Fragment key={i}>
      {i === 0 ? null : i === clauses.length - 1 ? ' and ' : ', '}
      {clause}
    </Fragment>
  ));

/**
 * What the actor did, after their name: "added Celeste, rated it ★★★½ and
 * reviewed it", "liked bob's review of Celeste", "followed carol". The game
 * is named (and linked) once, then "it"; the stars read as "3.5 out of 5 stars";
 * the reader's own review and the reader themself are "your review" and "you".
 */
export function ActivitySentence({ item, viewer }: { item: ActivityItem; viewer: string }) {
  const isViewer = (username: string) => username.toLowerCase() === viewer.toLowerCase();
  // Each clause mentions the game once, so the first clause names it and the rest say "it".
  const clause = (verb: ActivityVerb, index: number): ReactNode => {
    const game = !item.game ? 'a game' : index > 0 ? 'it' : <Link to={`/games/${item.game.slug}`}>{item.game.name}</Link>;
    const owner = item.review?.username;
    const reviewOf = !owner ? (
      <>a review of {game}</>
    ) : isViewer(owner) ? (
      <>your review of {game}</>
    ) : owner.toLowerCase() === item.actor.username.toLowerCase() ? (
      <>their own review of {game}</>
    ) : (
      <>
        <UserLink user={{ username: owner }} />
        {"'s review of "}
        {game}
      </>
    );
    // Likes and comments on a list read like those on a review: "liked bob's list Best RPGs".
    const list = item.list;
    const listOwner = !list ? null : isViewer(list.username) ? (
      'your list '
    ) : list.username.toLowerCase() === item.actor.username.toLowerCase() ? (
      'their own list '
    ) : (
      <>
        <UserLink user={{ username: list.username }} />
        {"'s list "}
      </>
    );
    const listOf = list && (
      <>
        {listOwner}
        <Link to={listPagePath(list.username, list.slug)}>{list.title}</Link>
      </>
    );
    switch (verb) {
      case 'added':
        // A status set while adding reads along: "added Celeste as Want to play" (unless a status verb says it).
        return item.status === null || item.verbs.includes('status') ? <>added {game}</> : <>added {game} as {PLAY_STATUS_LABELS[item.status]}</>;
      case 'status':
        return item.status === null ? <>changed the status of {game}</> : <>marked {game} as {PLAY_STATUS_LABELS[item.status]}</>;
      case 'rated':
        return item.rating === null ? (
          <>rated {game}</>
        ) : (
          <>
            rated {game} <RatingStars value={item.rating} size="sm" />
          </>
        );
      case 'reviewed':
        return <>reviewed {game}</>;
      case 'liked':
        return <>liked {listOf ?? reviewOf}</>;
      case 'commented':
        return (
          <>
            commented on {listOf ?? reviewOf}
            {item.comment && `: “${item.comment.excerpt}”`}
          </>
        );
      case 'followed':
        return <>followed {!item.targetUser ? 'someone' : isViewer(item.targetUser.username) ? 'you' : <UserLink user={item.targetUser} />}</>;
      case 'played':
        // A session logged in the journal.
        return <>played {game}</>;
      case 'created_list':
        return list ? (
          <>
            made the list <Link to={listPagePath(list.username, list.slug)}>{list.title}</Link>
          </>
        ) : (
          <>made a list</>
        );
    }
  };

  // Verbs arrive newest first; the sentence tells them in the order they happened.
  return <>{joinClauses([...item.verbs].reverse().map(clause))}</>;
}
