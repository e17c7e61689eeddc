import { FEDERATION_PAGE } from '@vgl/shared';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { useHome } from '../landing/homeApi';
import { profilePath } from '../profile/profilePaths';
import styles from './federation.module.css';

/** The page's sentences on whether this instance federates, kept together so the tests name them. */
export const FEDERATION_STATE_TEXT = {
  on: 'This instance federates: people on Mastodon and other servers of the fediverse can follow members here, and what is listed below is sent to them.',
  off: 'This instance does not federate: nothing you write here is sent to other servers.',
  ifTurnedOn: 'Its operator can turn federation on. If they do, people on Mastodon and other servers of the fediverse can follow members here, and what is listed below is sent to them.',
  unknown: 'Whether this instance federates could not be loaded. Please try again.',
} as const;

/**
 * /about/federation (issue 40): what a member's profile, reviews, plays and lists send to
 * other servers, in plain words, as docs/operators/federation.md says it is
 * today. Public, so it can be linked from anywhere; Settings → Privacy links it.
 */
export function WhatLeavesPage() {
  usePageMeta(FEDERATION_PAGE);
  const home = useHome();
  const federates = home.data?.federation;
  return (
    <article className={styles.page}>
      <h1>{FEDERATION_PAGE.title}</h1>
      <State federates={federates} settled={home.isError || home.data !== undefined} />
      <section aria-labelledby="federation-sent">
        <h2 id="federation-sent">{federates ? 'What is sent' : 'What would be sent'}</h2>
        <ul>
          <li>
            Your public reviews, to the servers of people who follow you from elsewhere, and to anyone who asks for them: the game’s name, your rating, the review (its
            start and a link, when it is long), the game’s cover and a link to the review. A review is public when your profile is public and the review is marked
            public.
          </li>
          <li>
            Your finished plays, the same way: the game’s name, the platform, the hours your diary counts for the play, your rating of it, the game’s cover and a link
            to the game. A play is finished when it has a finish date or a completion. Neither the play’s dates nor its review are in it (a public review is sent on
            its own).
          </li>
          <li>
            Your public lists: the title, the description, the first ten games with links to them, how many games there are, the first game’s cover and a link to the
            list. Changes to a list are sent once you have stopped editing it for a moment, as one edit.
          </li>
          <li>
            Edits and deletions of those reviews, plays and lists: an edit is sent as an edit, and deleting one, making a review or list followers-only or private, or
            a play no longer finished, asks those servers to delete their copy.
          </li>
          <li>Your profile, to any server that asks for it: your username, bio and picture, the date you joined, and whether your profile is private or hidden from search engines.</li>
          <li>If your profile is public, the list of accounts on other servers that follow you.</li>
          <li>
            When you follow someone on another server (Activity → Other servers): your address here and that you follow them, to their server, which may show you among their followers. Unfollowing tells it you stopped. Liking one of their posts sends them your like. Replying to one sends them your reply, which is public there and anyone may read it here at its address; deleting it asks them to delete it.
          </li>
        </ul>
      </section>
      <section aria-labelledby="federation-never">
        <h2 id="federation-never">What is never sent</h2>
        <ul>
          <li>Reviews for followers only, and private reviews.</li>
          <li>Anything of a private profile but the profile itself: none of its reviews, plays or lists, not even those marked public.</li>
          <li>Your e-mail address.</li>
          <li>Your diary (but a finished play’s total hours), your library, plays not finished, and ratings you gave outside a public review or a finished play.</li>
          <li>Lists for followers only and private lists, reviews of replays, likes, comments and notes.</li>
          <li>Who you follow here, and who follows you here.</li>
        </ul>
      </section>
      <section aria-labelledby="federation-copies">
        <h2 id="federation-copies">Copies on other servers</h2>
        <p>
          Other servers keep copies of what they receive. When a review, play or list is deleted or stops being public, or your account is deleted, this instance asks each of them to
          delete their copies. Most do, but it cannot force them to, nor say how soon they do.
        </p>
      </section>
      <section aria-labelledby="federation-stop">
        <h2 id="federation-stop">How to stop it</h2>
        <p>
          Make your profile private in <PrivacySettingsLink />. Your reviews, plays and lists stop being sent, the servers that have them are asked to delete them, and new followers
          from other servers wait for your approval there and receive nothing until then. Servers can still read your profile itself (username, bio and picture). Making your profile public again sends
          your public reviews, finished plays and public lists again.
        </p>
        <p>
          To take back a single review or list, make it followers-only or private; a play, remove its finish date and completion, or delete it. To stop sending to one
          follower on another server, remove them there.
        </p>
      </section>
    </article>
  );
}

/** Loading until /api/home answers; an answer without the field (a server older than this page) leaves it unknown. */
function State({ federates, settled }: { federates: boolean | undefined; settled: boolean }) {
  if (federates === true) return <p className={styles.state}>{FEDERATION_STATE_TEXT.on}</p>;
  if (federates === false) return <Off />;
  if (settled) return <p role="alert">{FEDERATION_STATE_TEXT.unknown}</p>;
  return <p role="status">Loading…</p>;
}

function Off() {
  return (
    <>
      <p className={styles.state}>{FEDERATION_STATE_TEXT.off}</p>
      <p>{FEDERATION_STATE_TEXT.ifTurnedOn}</p>
    </>
  );
}

/** Settings → Privacy: a link for a signed-in member, the words alone for a visitor. */
function PrivacySettingsLink() {
  const username = useAuth((s) => s.user?.username);
  if (!username) return <>Settings → Privacy</>;
  return <Link to={`${profilePath(username)}/settings/privacy`}>Settings → Privacy</Link>;
}
