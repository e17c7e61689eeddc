import { LIBRARY_LIMITS, type ProfileOverview } from '@vgl/shared';
import { Link } from 'react-router';
import { GameCover } from '../../components/GameCover';
import { RatingHistogram } from '../../components/RatingHistogram';
import { ReviewCard } from '../../components/review/ReviewCard';
import { usePageMeta } from '../../lib/pageMeta';
import { ReportReview } from '../reports/ReportButton';
import { formatShortDay } from './dates';
import { DIARY_EVENT_LABELS } from './diaryMonths';
import { useProfile } from './profileApi';
import { profilePath, useUsernameParam } from './profilePaths';
import styles from './overview.module.css';
import common from './profile.module.css';

function Favourites({ profile }: { profile: ProfileOverview }) {
  const games = profile.favourites.slice(0, LIBRARY_LIMITS.favourites);
  return (
    <section className={common.section} aria-labelledby="favourites-heading">
      <div className={common.sectionHead}>
        <h2 id="favourites-heading">Favourite games</h2>
      </div>
      {games.length === 0 ? (
        <p className={common.empty}>No favourite games yet.</p>
      ) : (
        <ul className={styles.favourites}>
          {games.map((game) => (
            <li key={game.slug}>
              <Link to={`/games/${game.slug}`} title={game.name} aria-label={game.name}>
                <GameCover name={game.name} cover={game.cover} decorative />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentDiary({ profile }: { profile: ProfileOverview }) {
  return (
    <section className={common.section} aria-labelledby="recent-diary-heading">
      <div className={common.sectionHead}>
        <h2 id="recent-diary-heading">Recent diary</h2>
        {profile.recentDiary.length > 0 && <Link to={`${profilePath(profile.username)}/diary`}>Full diary</Link>}
      </div>
      {profile.recentDiary.length === 0 ? (
        <p className={common.empty}>Nothing in the diary yet.</p>
      ) : (
        <ol className={styles.diary}>
          {profile.recentDiary.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.playedOn}>{formatShortDay(entry.playedOn)}</time>
              <Link to={`/games/${entry.game.slug}`}>{entry.game.name}</Link>
              <span className={styles.event}>{DIARY_EVENT_LABELS[entry.event]}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function RecentReviews({ profile }: { profile: ProfileOverview }) {
  return (
    <section className={common.section} aria-labelledby="recent-reviews-heading">
      <div className={common.sectionHead}>
        <h2 id="recent-reviews-heading">Recent reviews</h2>
        {profile.recentReviews.length > 0 && <Link to={`${profilePath(profile.username)}/reviews`}>All reviews</Link>}
      </div>
      {profile.recentReviews.length === 0 ? (
        <p className={common.empty}>No reviews yet.</p>
      ) : (
        <ul className={common.list}>
          {profile.recentReviews.map((entry) => (
            <li key={entry._id}>
              <ReviewCard entry={entry} showGame actions={<ReportReview entry={entry} />} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /u/{username}: favourites, ratings, the latest diary entries and reviews. */
export function ProfileOverviewPage() {
  const username = useUsernameParam();
  const profile = useProfile(username);
  usePageMeta({ title: profile.data?.username ?? username });
  // A failure is already reported by the header above.
  if (!profile.data) return profile.isError ? null : <p className={common.status} role="status">Loading…</p>;
  const p = profile.data;
  return (
    <div className={styles.overview}>
      <div className={styles.main}>
        <Favourites profile={p} />
        <RecentReviews profile={p} />
      </div>
      <aside className={styles.side}>
        <section className={common.section} aria-labelledby="ratings-heading">
          <div className={common.sectionHead}>
            <h2 id="ratings-heading">Ratings</h2>
          </div>
          {p.ratings.count === 0 ? <p className={common.empty}>No ratings yet.</p> : <RatingHistogram rating={p.ratings} />}
        </section>
        <RecentDiary profile={p} />
      </aside>
    </div>
  );
}
