import { coverImageUrl, formatReleaseDate, gameMetaDescription, ratingToTen } from '@vgl/shared';
import { Link, useParams } from 'react-router';
import { GameCover } from '../../components/GameCover';
import { RatingStars } from '../../components/RatingStars';
import { GamePageSkeleton } from '../../components/Skeleton';
import { usePageMeta } from '../../lib/pageMeta';
import { NotFoundPage } from '../errors/NotFoundPage';
import { FriendsWhoPlayed } from '../follows/FriendsWhoPlayed';
import { GameLibraryControl } from '../library/GameLibraryControl';
import { LogSessionButton } from '../journal/LogSessionButton';
import { GameRatings } from '../library/GameRatings';
import { GameReviews } from '../library/GameReviews';
import { QuickLogControl } from '../library/QuickLog';
import { AddToListButton } from '../lists/AddToList';
import { YourPlaysControl } from '../plays/YourPlays';
import { GameLists } from '../lists/GameLists';
import { SubmittedGameNotice } from '../submissions/SubmittedGameNotice';
import { useGame, type GameDetails } from './catalogApi';
import styles from './catalog.module.css';
import { isNotFound } from './isNotFound';
import { ExtraFacts, GameVersions, PlayFacts, ReleaseDates, SimilarGames, Storyline } from './GameExtras';
import { RelatedItems } from './RelatedItems';
import { ScreenshotGallery } from './ScreenshotGallery';

function Chips({ items, base }: { items: { slug: string; name: string }[]; base?: string }) {
  return (
    <ul className={styles.chips}>
      {items.map((item) => (
        <li key={item.slug}>{base ? <Link to={`${base}/${item.slug}`}>{item.name}</Link> : <span>{item.name}</span>}</li>
      ))}
    </ul>
  );
}

function GameView({ game }: { game: GameDetails }) {
  // The same title, description and image the server puts in the HTML it sends (http/page-meta.ts).
  const coverUrl = game.cover ? coverImageUrl(game.cover) : undefined;
  usePageMeta({
    title: game.name,
    description: gameMetaDescription(game),
    image: coverUrl,
  });
  const rating = ratingToTen(game.rating);
  const companies = [...game.publishers, ...game.developers.filter((d) => !game.publishers.some((p) => p.slug === d.slug))];
  // A member's game awaiting a moderator: nobody else has it, so no friends, lists or reviews of others to show.
  const unlisted = game.submission !== undefined;
  return (
    <>
      {game.submission && <SubmittedGameNotice submission={game.submission} />}
      <article className={styles.game}>
        <div className={styles.gameCover}>
          <GameCover name={game.name} cover={game.cover} platform={game.platforms[0]?.name} priority />
        </div>
        <div>
          <h1>{game.name}</h1>
          <div className={styles.gameActions}>
            <GameLibraryControl game={game} />
            <LogSessionButton game={game} />
            <AddToListButton game={game} />
          </div>
          <QuickLogControl slug={game.slug} />
          <dl className={styles.facts}>
            <dt>Released</dt>
            <dd>{formatReleaseDate(game.first_release_date, game.release_year)}</dd>
            {rating !== null && (
              <>
                <dt>Rating</dt>
                <dd>
                  <RatingStars value={rating} size="lg" />
                </dd>
              </>
            )}
            {game.platforms.length > 0 && (
              <>
                <dt>Platforms</dt>
                <dd>
                  <Chips items={game.platforms} base="/platforms" />
                </dd>
              </>
            )}
            {game.genres.length > 0 && (
              <>
                <dt>Genres</dt>
                <dd>
                  <Chips items={game.genres} base="/genres" />
                </dd>
              </>
            )}
            {game.themes.length > 0 && (
              <>
                <dt>Themes</dt>
                <dd>
                  <Chips items={game.themes} base="/themes" />
                </dd>
              </>
            )}
            {companies.length > 0 && (
              <>
                <dt>Companies</dt>
                <dd>
                  <Chips items={companies} />
                </dd>
              </>
            )}
            {game.alternative_names.length > 0 && (
              <>
                <dt>Also known as</dt>
                <dd>{game.alternative_names.join(' · ')}</dd>
              </>
            )}
            <ExtraFacts game={game} />
          </dl>
          {game.summary && <p className={styles.summary}>{game.summary}</p>}
          <Storyline text={game.storyline} />
        </div>
      </article>
      <YourPlaysControl game={game} />
      <PlayFacts game={game} />
      <ScreenshotGallery name={game.name} screenshots={game.screenshots} artworks={game.artworks} />
      <GameVersions versions={game.versions} />
      <RelatedItems items={game.related} />
      {!unlisted && <FriendsWhoPlayed slug={game.slug} />}
      <GameRatings community={game.community} />
      {!unlisted && <GameLists slug={game.slug} />}
      {!unlisted && <GameReviews slug={game.slug} platforms={game.platforms} />}
      <ReleaseDates releases={game.releases} />
      <SimilarGames games={game.similar} />
    </>
  );
}

/** /games/{slug}: the game's facts, the visitor's library control, ratings and reviews; its title is the game's name. */
export function GamePage() {
  const { slug = '' } = useParams();
  const game = useGame(slug);
  if (isNotFound(game.error)) return <NotFoundPage />;
  if (game.isError && !game.data) return <p role="alert">The game could not be loaded. Please try again.</p>;
  if (!game.data) return <GamePageSkeleton />;
  return <GameView game={game.data} />;
}
