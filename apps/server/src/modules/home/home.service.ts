import { PAGING, pickOfTheDay, type ReviewEntry } from '@vgl/shared';
import { browseQuerySchema } from '@vgl/shared/schemas';
import { catalogLoad } from '../catalog/catalog.loading.js';
import type { CatalogFacts } from '../catalog/catalog.facts.js';
import type { GameCard, presentPlatform } from '../catalog/catalog.presenter.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { LibraryService } from '../library/library.service.js';
import { keptBuild } from './home.kept-build.js';

/** SPEC §2: Popular Reviews shows up to two. */
export const HOME_REVIEWS = 2;
/** Browsers may keep the answer this long; the server keeps it until something changes (invalidate), this long by default. */
export const HOME_CACHE_SECONDS = 60;

export interface HomeFeed {
  trending: GameCard[];
  /** The first featured reviews, then trending ones to fill (SPEC §7). */
  reviews: ReviewEntry[];
  upcoming: GameCard[];
  /** A featured platform (one with games, when any has some), by day of year (UTC) modulo their number. */
  platformOfTheDay: { platform: ReturnType<typeof presentPlatform>; games: GameCard[] } | null;
  /** A selection, by day of year (UTC) modulo the number of selections. */
  selectionOfTheDay: {
    selection: { name: string; slug: string; description: string | null; image: string | null };
    games: GameCard[];
  } | null;
  /** All games by popularity (Explore's Browse All Games). */
  browse: GameCard[];
  /** What the landing page and footer say about the catalog: its size and where it comes from. */
  catalog: CatalogFacts;
  /** The names of the platforms `reviews` list (by slug), so their cards name them without another call. */
  platformNames: Record<string, string>;
  /** The operator's community link (COMMUNITY_URL) for the footer; null when there is none. */
  communityUrl: string | null;
  /** Whether members can import their Steam library here (STEAM_API_KEY is set). */
  steamImport: boolean;
  /** Whether this instance federates (FEDERATION=on): the page on what leaves the instance says which case it is. */
  federation: boolean;
  /** A first start still loading the embedded catalog behind the pages (catalog.loading.ts): lists are partial. */
  catalogLoading: boolean;
}

/** SPEC §7: the first featured reviews, then trending ones, no review twice, at most `limit`. */
export function popularReviews(featured: ReviewEntry[], trending: ReviewEntry[], limit = HOME_REVIEWS): ReviewEntry[] {
  const picked = featured.slice(0, limit);
  const seen = new Set(picked.map((r) => r._id));
  for (const review of trending) {
    if (picked.length >= limit) break;
    if (!seen.has(review._id)) {
      picked.push(review);
      seen.add(review._id);
    }
  }
  return picked;
}

/**
 * Everything the landing page and Explore show, in one call. Each part reads
 * through the same services as its own SPEC §7 call, so the two never disagree.
 */
export function createHomeService(
  deps: {
    catalog: CatalogService;
    library: LibraryService;
    communityUrl?: string;
    steamImport?: boolean;
    federation?: boolean;
    /** A backstop for changes nobody calls invalidate() for (the CLI; the day's picks move at midnight). */
    keepMs?: number;
  },
  now: () => number = Date.now,
) {
  const { catalog, library } = deps;
  const keepMs = deps.keepMs ?? HOME_CACHE_SECONDS * 1000;
  const size = PAGING.teaserSize;

  async function platformOfTheDay(today: Date): Promise<HomeFeed['platformOfTheDay']> {
    const featured = await catalog.platforms(true);
    // A featured platform the catalog has no games for yet (the open seed catalog is old arcade and
    // home computer games) would make an empty row: pick among those with games while any have some.
    const withGames = featured.filter((p) => p.games_count > 0);
    const pick = pickOfTheDay(withGames.length > 0 ? withGames : featured, today);
    if (!pick) return null;
    const [platform, games] = await Promise.all([
      catalog.platform(pick.slug),
      catalog.browse(browseQuerySchema.parse({ platform: pick.slug, limit: size })),
    ]);
    return { platform, games: games.items };
  }

  async function selectionOfTheDay(today: Date): Promise<HomeFeed['selectionOfTheDay']> {
    const pick = pickOfTheDay(await catalog.selections(), today);
    if (!pick) return null;
    const { name, slug, description, image, games } = await catalog.selection(pick.slug);
    return { selection: { name, slug, description, image }, games: games.slice(0, size) };
  }

  /** What only the catalog (and the day) decides: made again on a catalog change, not on every member's write. */
  const catalogPart = keptBuild(async () => {
    const today = new Date(now());
    const [upcoming, platform, selection, browse, facts, platforms] = await Promise.all([
      catalog.upcoming(size, 1),
      platformOfTheDay(today),
      selectionOfTheDay(today),
      catalog.browse(browseQuerySchema.parse({ limit: size })),
      catalog.facts(),
      catalog.platforms(false),
    ]);
    // Built again when the load ends (it bumps the catalog's version): the flag goes with what it describes.
    const loading = catalogLoad.loading;
    return { day: today.toISOString().slice(0, 10), upcoming: upcoming.items, platform, selection, browse: browse.items, facts, platforms, loading };
  }, keepMs, now);

  /** What members' writes move: trending games (by library activity) and the reviews. */
  const socialPart = keptBuild(async () => {
    const [trending, featured, trendingReviews] = await Promise.all([
      catalog.trending(size),
      library.featuredReviews(HOME_REVIEWS),
      // Enough to fill the row even when every featured review is trending too.
      library.trendingReviews(HOME_REVIEWS * 2),
    ]);
    return { trending, reviews: popularReviews(featured, trendingReviews) };
  }, keepMs, now);

  /** The last feed put together, reused while both parts are the same (one object per version, as the response cache expects). */
  let assembled: { kept: unknown; social: unknown; feed: HomeFeed } | undefined;

  return {
    async feed(): Promise<HomeFeed> {
      const [catalogHalf, social] = await Promise.all([catalogPart.get(), socialPart.get()]);
      let kept = catalogHalf;
      // The day's picks move at midnight (UTC), whatever else happened; a part built while the catalog was loading
      // is built again once it is not (the load's end is heard through the catalog's version too, a moment apart).
      if (kept.day !== new Date(now()).toISOString().slice(0, 10) || kept.loading !== catalogLoad.loading) {
        catalogPart.invalidate();
        kept = await catalogPart.get();
      }
      if (assembled?.kept === kept && assembled.social === social) return assembled.feed;
      const named = new Set(social.reviews.flatMap((r) => r.platform));
      const feed: HomeFeed = {
        trending: social.trending,
        reviews: social.reviews,
        upcoming: kept.upcoming,
        platformOfTheDay: kept.platform,
        selectionOfTheDay: kept.selection,
        browse: kept.browse,
        catalog: kept.facts,
        platformNames: Object.fromEntries(kept.platforms.filter((p) => named.has(p.slug)).map((p) => [p.slug, p.name])),
        communityUrl: deps.communityUrl ?? null,
        steamImport: deps.steamImport ?? false,
        federation: deps.federation ?? false,
        catalogLoading: kept.loading,
      };
      assembled = { kept, social, feed };
      return feed;
    },

    /**
     * The feed as a signed-in reader sees it: the shared one, unless they block or are blocked by someone —
     * then the popular reviews are picked again without those members' (audience hiddenFrom), for them alone.
     */
    async feedFor(actor: Parameters<LibraryService['hiddenFor']>[0]): Promise<HomeFeed> {
      const [feed, without] = await Promise.all([this.feed(), library.hiddenFor(actor)]);
      if (without.size === 0) return feed;
      const [featured, trendingReviews, kept] = await Promise.all([
        library.featuredReviews(HOME_REVIEWS, actor),
        library.trendingReviews(HOME_REVIEWS * 2, actor),
        catalogPart.get(),
      ]);
      const reviews = popularReviews(featured, trendingReviews);
      const named = new Set(reviews.flatMap((r) => r.platform));
      return { ...feed, reviews, platformNames: Object.fromEntries(kept.platforms.filter((p) => named.has(p.slug)).map((p) => [p.slug, p.name])) };
    },

    /** Call when members' writes may have changed the feed, here or on another instance (http/change-feed.ts). */
    invalidate() {
      socialPart.invalidate();
    },

    /** Call when the catalog changed (an import or a sync): everything is made again. */
    catalogChanged() {
      catalogPart.invalidate();
      socialPart.invalidate();
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
