import { STATS_LIMITS, statsPath, yearCardPath, yearInReviewPath, yearInReviewSummary, yearInReviewTitle, type YearInReview } from '@vgl/shared/stats';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { GameCover } from '../../components/GameCover';
import { starsLabel } from '../../components/RatingInput';
import { RatingStars } from '../../components/RatingStars';
import { usePageMeta } from '../../lib/pageMeta';
import { showToast } from '../../stores/toast';
import { isNotFound } from '../catalog/isNotFound';
import { NotFoundPage } from '../errors/NotFoundPage';
import { formatLongDay } from '../profile/dates';
import { profilePath, useUsernameParam } from '../profile/profilePaths';
import { Definitions, FinishedLine, StatTiles, StatsBreakdowns, amount, hoursText } from './StatsSections';
import { useYearInReview } from './statsApi';
import common from '../profile/profile.module.css';
import styles from './stats.module.css';

/** ":year" → a year stats know, or undefined (the page is then the 404 screen, as the server answers). */
function parseYearParam(value: string | undefined): number | undefined {
  if (!value || !/^\d{4}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= STATS_LIMITS.firstYear && year <= STATS_LIMITS.lastYear ? year : undefined;
}

/**
 * /u/{username}/year/{yyyy}: a member's year to share — the big numbers,
 * the highlights, month by month and every breakdown; Share copies the
 * link and shows the picture link previews get (made on the server).
 */
export function YearInReviewPage() {
  const username = useUsernameParam();
  const year = parseYearParam(useParams().year);
  return year === undefined ? <NotFoundPage /> : <YearInReviewOf username={username} year={year} />;
}

function YearInReviewOf({ username, year }: { username: string; year: number }) {
  const review = useYearInReview(username, year);
  const data = review.data;
  const name = data?.stats.username ?? username;
  usePageMeta({
    title: yearInReviewTitle(name, year),
    description: data ? yearInReviewSummary(data.stats.totals, year) : undefined,
    image: yearCardPath(name, year),
  });
  if (isNotFound(review.error)) return <NotFoundPage />;

  return (
    <article className={styles.review} aria-labelledby="year-heading">
      <header className={styles.hero}>
        <p className={styles.kicker}>
          <Link to={profilePath(name)}>{name}</Link> · Year in review
        </p>
        <h1 id="year-heading">{yearInReviewTitle(name, year)}</h1>
        {data && <p className={styles.summary}>{yearInReviewSummary(data.stats.totals, year)}</p>}
        {data && <FinishedLine stats={data.stats} className={styles.finished} />}
        <div className={styles.heroActions}>
          {data && <YearNav username={name} year={year} years={data.stats.years} />}
          <Link to={`${statsPath(name)}?year=${year}`}>All stats for {year}</Link>
        </div>
      </header>
      {review.isError ? (
        <p className={common.status} role="alert">
          The year in review could not be loaded. Please try again.
        </p>
      ) : !data ? (
        <p className={common.status}>Loading the year…</p>
      ) : (
        <>
          <Share username={name} year={year} summary={yearInReviewSummary(data.stats.totals, year)} />
          <StatTiles stats={data.stats} />
          <Highlights highlights={data.highlights} />
          <StatsBreakdowns stats={data.stats} />
          <Definitions />
        </>
      )}
    </article>
  );
}

/** The previous and next years that have diary entries. */
function YearNav({ username, year, years }: { username: string; year: number; years: number[] }) {
  const older = years.filter((y) => y < year).sort((a, b) => b - a)[0];
  const newer = years.filter((y) => y > year).sort((a, b) => a - b)[0];
  if (older === undefined && newer === undefined) return null;
  return (
    <nav aria-label="Other years" className={styles.yearNav}>
      {older !== undefined && <Link to={yearInReviewPath(username, older)}>← {older}</Link>}
      {newer !== undefined && <Link to={yearInReviewPath(username, newer)}>{newer} →</Link>}
    </nav>
  );
}

function Highlight({ title, game, children }: { title: string; game: { slug: string; name: string; cover: string | null }; children: ReactNode }) {
  return (
    <li className={styles.highlight}>
      <Link to={`/games/${game.slug}`} className={styles.highlightCover} tabIndex={-1} aria-hidden="true">
        <GameCover name={game.name} cover={game.cover} decorative />
      </Link>
      <div>
        <h3>{title}</h3>
        <p className={styles.highlightGame}>
          <Link to={`/games/${game.slug}`}>{game.name}</Link>
        </p>
        <p className={styles.highlightNote}>{children}</p>
      </div>
    </li>
  );
}

function Highlights({ highlights }: { highlights: YearInReview['highlights'] }) {
  const { firstGame, lastGame, bestRated, mostPlayed } = highlights;
  if (!firstGame && !lastGame && !bestRated && !mostPlayed) return null;
  return (
    <section aria-labelledby="highlights-heading" className={styles.highlightsSection}>
      <h2 id="highlights-heading">Highlights</h2>
      <ul className={styles.highlights}>
        {firstGame && (
          <Highlight title="First game of the year" game={firstGame.game}>
            <time dateTime={firstGame.playedOn}>{formatLongDay(firstGame.playedOn)}</time>
          </Highlight>
        )}
        {mostPlayed && (
          <Highlight title="Most played" game={mostPlayed.game}>
            {hoursText(mostPlayed.hours)} over {amount(mostPlayed.sessions, 'session', 'sessions')}
          </Highlight>
        )}
        {bestRated && (
          <Highlight title="Best rated" game={bestRated.game}>
            <span aria-hidden="true">
              <RatingStars value={bestRated.rating} size="sm" />
            </span>
            <span className={styles.visuallyHidden}>{starsLabel(bestRated.rating)}</span>
          </Highlight>
        )}
        {lastGame && (
          <Highlight title="Last game of the year" game={lastGame.game}>
            <time dateTime={lastGame.playedOn}>{formatLongDay(lastGame.playedOn)}</time>
          </Highlight>
        )}
      </ul>
    </section>
  );
}

/** Share: copies the page's link and shows the picture a pasted link gets. */
function Share({ username, year, summary }: { username: string; year: number; summary: string }) {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const url = `${window.location.origin}${yearInReviewPath(username, year)}`;

  const share = async () => {
    setOpen(true);
    try {
      if (!navigator.clipboard) throw new Error('No clipboard here');
      await navigator.clipboard.writeText(url);
      showToast({ variant: 'success', head: 'Link copied', text: 'Paste it anywhere: it shows this picture.' });
    } catch {
      // The link stays on screen, selected, for Ctrl+C.
      window.setTimeout(() => input.current?.select(), 0);
      showToast({ variant: 'info', head: 'Copy the link', text: 'It is selected below: copy it with Ctrl+C (⌘C on a Mac).' });
    }
  };

  return (
    <div className={styles.share}>
      <button type="button" className={styles.shareButton} aria-expanded={open} aria-controls={panelId} onClick={() => void share()}>
        Share
      </button>
      <div id={panelId} hidden={!open} className={styles.sharePanel}>
        <label htmlFor={`${panelId}-link`}>Link to this page</label>
        <input id={`${panelId}-link`} ref={input} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        {open && (
          <img
            className={styles.card}
            src={yearCardPath(username, year)}
            width={1200}
            height={630}
            alt={`The picture a shared link shows: ${yearInReviewTitle(username, year)}. ${summary}`}
          />
        )}
      </div>
    </div>
  );
}
