import type { NotificationItem } from '@vgl/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { listPagePath } from '../lists/listPaths';
import { profilePath, reviewPath } from '../profile/profilePaths';

interface NotificationSentenceProps {
  notification: NotificationItem;
  /** The signed-in user, to tell "your review" from someone else's. */
  viewer: string;
  /** Called when one of the sentence's links is followed (marks the notification read). */
  onOpen?: () => void;
}

const quoted = (excerpt: string | undefined) => (excerpt ? `: “${excerpt}”` : '');

/**
 * What happened, as a sentence with links: "bob liked your review of
 * Celeste", "bob commented on your review of Celeste: “…”", "bob followed
 * you", "A moderator removed your review of Celeste.", "A moderator added
 * Night Harbour to the catalog: everyone can see it now."
 */
export function NotificationSentence({ notification, viewer, onOpen }: NotificationSentenceProps) {
  const { kind, actor, review, comment, list } = notification;
  // An account on another server has no profile here: its name links to its own server's page.
  const remote = notification.remoteActor;
  const actorLink = remote ? (
    <a href={remote.url} rel="noopener noreferrer nofollow" target="_blank" title={remote.name} onClick={onOpen}>
      {remote.handle}
    </a>
  ) : (
    <Link to={profilePath(actor.username)} onClick={onOpen}>
      {actor.username}
    </Link>
  );

  const owner = review?.username ?? list?.username;
  const whose = !owner || owner.toLowerCase() === viewer.toLowerCase() ? 'your' : `${owner}'s`;
  // A notification is about a review or, the same way, about a list.
  const reviewText = list ? `${whose} list ${list.title}` : review ? `${whose} review of ${review.gameName}` : `${whose} review`;
  const path = list ? listPagePath(list.username, list.slug) : review ? reviewPath(review.username, review.slug) : null;
  // Comments live under the review or list, so their links go straight there.
  const reviewLink = (toComments: boolean): ReactNode =>
    path ? (
      <Link to={`${path}${toComments ? '#comments' : ''}`} onClick={onOpen}>
        {reviewText}
      </Link>
    ) : (
      reviewText
    );

  switch (kind) {
    case 'review_liked':
    case 'list_liked':
      return (
        <>
          {actorLink} liked {reviewLink(false)}
        </>
      );
    case 'comment_liked':
      return (
        <>
          {actorLink} liked your comment on {reviewLink(true)}
          {quoted(comment?.excerpt)}
        </>
      );
    case 'commented':
      return (
        <>
          {actorLink} commented on {reviewLink(true)}
          {quoted(comment?.excerpt)}
        </>
      );
    case 'replied':
      return (
        <>
          {actorLink} replied in the comments on {reviewLink(true)}
          {quoted(comment?.excerpt)}
        </>
      );
    // In a comment, or in the review itself.
    case 'mentioned':
      return comment ? (
        <>
          {actorLink} mentioned you in a comment on {reviewLink(true)}
          {quoted(comment.excerpt)}
        </>
      ) : (
        <>
          {actorLink} mentioned you in {reviewLink(false)}
        </>
      );
    case 'featured':
      return (
        <>
          {actorLink} featured {reviewLink(false)} on the home page
        </>
      );
    case 'followed':
      return <>{actorLink} followed you</>;
    // Requests wait in Settings → Privacy, where they are approved or declined.
    case 'follow_requested':
      return (
        <>
          {actorLink} asked to follow you ·{' '}
          <Link to={`/u/${viewer.toLowerCase()}/settings/privacy`} onClick={onOpen}>
            Review requests
          </Link>
        </>
      );
    case 'follow_approved':
      return <>{actorLink} approved your follow request</>;
    // The review or comment is gone from view: name it without a link.
    case 'review_removed':
      return <>A moderator removed {reviewText}.</>;
    case 'comment_removed':
      return (
        <>
          A moderator removed your comment on {reviewText}
          {quoted(comment?.excerpt)}.
        </>
      );
    // After a report: the server writes the whole sentence ("A moderator hid your comment …", "Your report on … was reviewed: …").
    case 'content_hidden':
    case 'report_resolved':
      return <>{notification.message ?? 'A moderator reviewed a report.'}</>;
    // A game the recipient added to the catalog: approved, merged (by a moderator or a sync) or rejected.
    case 'submission_approved':
      return <>A moderator added {submissionGame(notification, onOpen)} to the catalog: everyone can see it now.</>;
    case 'submission_merged':
      return (
        <>
          {notification.submission?.name ?? 'The game you added'} is now part of {submissionGame(notification, onOpen)}: your entries moved with it.
        </>
      );
    case 'submission_rejected':
      return (
        <>
          A moderator did not add {submissionGame(notification, onOpen)} to the catalog: it stays yours, seen only by you.
        </>
      );
    // A wanted game's release: the sentence as it was told ("Celeste now has a release date: March 12, 2030"), its game linked.
    case 'release_dated':
    case 'released':
      return releaseSentence(notification, onOpen);
  }
}

function releaseSentence({ game, message }: NotificationItem, onOpen?: () => void): ReactNode {
  const text = message ?? '';
  if (!game) return text;
  const link = (
    <Link to={`/games/${game.slug}`} onClick={onOpen}>
      {game.name}
    </Link>
  );
  // The game may have been renamed since: then the sentence stands as told, and the link follows it.
  return text.startsWith(game.name) ? (
    <>
      {link}
      {text.slice(game.name.length)}
    </>
  ) : (
    <>
      {text} ({link})
    </>
  );
}

/** The game a submission notification is about, linked where it is now (merged: the catalog game). */
function submissionGame({ submission }: NotificationItem, onOpen?: () => void): ReactNode {
  const game = submission?.game;
  if (!game) return submission?.name ?? 'your game';
  return (
    <Link to={`/games/${game.slug}`} onClick={onOpen}>
      {game.name}
    </Link>
  );
}
