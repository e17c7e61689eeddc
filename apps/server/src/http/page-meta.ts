import { APP_ROUTES, coverImageUrl, FEDERATION_PAGE, gameMetaDescription, reviewMetaDescription } from '@vgl/shared';
import { STATS_LIMITS, yearCardPath, yearInReviewSummary, yearInReviewTitle } from '@vgl/shared/stats';
import type { Db } from '../db/database.js';
import { findGameBySlug } from '../modules/catalog/catalog.repo.js';
import type { LibraryService } from '../modules/library/library.service.js';
import { cardVersion } from '../modules/stats/stats.card.js';
import { createStatsService } from '../modules/stats/stats.service.js';
import { canList } from '../modules/lists/lists.policy.js';
import { listExcerpt } from '../modules/lists/lists.presenter.js';
import { listsRepo } from '../modules/lists/lists.repo.js';
import { AppError } from './errors.js';

/** What a page's head says about it; the SPA's defaults fill what is left out. */
export interface PageHead {
  /** Without the " | VGL" suffix (pageTitle adds it, as usePageMeta does). */
  title: string;
  description: string;
  /** An absolute URL, or a path on this site. */
  image?: string;
  /** Ask search engines not to index the page: its member chose "hide from search engines". */
  noindex?: boolean;
}

/** A page's head, NOT_FOUND when the thing the path names does not exist, undefined for pages without their own head. */
export const NOT_FOUND = 'not_found';
export type PageMetaLookup = (pathname: string) => Promise<PageHead | typeof NOT_FOUND | undefined>;

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/** Pages whose head never changes, by path (lower-cased, without a trailing slash). */
const FIXED_PAGES = new Map<string, PageHead>([[APP_ROUTES.aboutFederation, FEDERATION_PAGE]]);

/**
 * The head tags link previews (which run no JavaScript) need for game and
 * review pages: the same title, description and image usePageMeta sets once
 * the page has loaded.
 */
export function createPageMeta(db: Db, library: LibraryService): PageMetaLookup {
  const game = async (slug: string): Promise<PageHead | typeof NOT_FOUND> => {
    const row = await findGameBySlug(db.kysely, slug);
    if (!row) return NOT_FOUND;
    return {
      title: row.name,
      description: gameMetaDescription(row),
      image: row.cover_image_id ? coverImageUrl(row.cover_image_id) : undefined,
    };
  };

  const review = async (username: string, slug: string): Promise<PageHead | typeof NOT_FOUND> => {
    try {
      // As a signed-out visitor: a suspended author's review is not found, exactly as on the page.
      const entry = await library.review(null, username, slug);
      const owner = await library.ownerFor(null, username, 'read', 'none');
      return {
        noindex: Number(owner.hide_from_search) === 1,
        title: `${entry.game.name} review by ${entry.user.username}`,
        // A preview would spoil what the reader has to click to reveal.
        description: entry.spoilers ? 'This review contains spoilers. Open it to read.' : reviewMetaDescription(entry.review ?? ''),
        image: entry.game.cover ? coverImageUrl(entry.game.cover) : undefined,
      };
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403)) return NOT_FOUND;
      throw error;
    }
  };

  // A private list is not found for the signed-out visitor a link preview is (its owner's page still loads it).
  const list = async (username: string, slug: string): Promise<PageHead | typeof NOT_FOUND> => {
    try {
      const owner = await library.ownerFor(null, username, 'read');
      const row = await listsRepo.bySlug(db.kysely, owner.id, slug.toLowerCase());
      if (!row || !canList(null, 'read', row)) return NOT_FOUND;
      const first = (await listsRepo.previews(db.kysely, [row.id], 5)).get(row.id)?.find((g) => g.cover);
      return {
        noindex: Number(owner.hide_from_search) === 1,
        title: `${row.title}, a list by ${row.username}`,
        description: listExcerpt(row.description) ?? `A list of games by ${row.username} on VGL.`,
        image: first?.cover ? coverImageUrl(first.cover) : undefined,
      };
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403)) return NOT_FOUND;
      throw error;
    }
  };

  const PROFILE_TABS: Record<string, (name: string) => string> = {
    '': (name) => name,
    diary: (name) => `${name}'s Diary`,
    library: (name) => `${name}'s Library`,
    reviews: (name) => `${name}'s Reviews`,
    lists: (name) => `${name}'s Lists`,
    following: (name) => `${name} follows`,
    followers: (name) => `${name}'s followers`,
    stats: (name) => `${name}'s Stats`,
  };

  const profile = async (username: string, tab: string): Promise<PageHead | typeof NOT_FOUND> => {
    try {
      // A private member's profile exists for everyone (name, picture, counts): its preview says it is private.
      const owner = await library.ownerFor(null, username, 'read', 'profile');
      const isPrivate = Number(owner.is_private) === 1;
      return {
        title: PROFILE_TABS[tab]!(owner.username),
        description: isPrivate ? `${owner.username} on VGL. This profile is private.` : `${owner.username}'s games, ratings, reviews and diary on VGL.`,
        noindex: isPrivate || Number(owner.hide_from_search) === 1,
      };
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403)) return NOT_FOUND;
      throw error;
    }
  };

  const stats = createStatsService(db, library);
  /** A year in review: the member's year in a sentence, and its card as the share image. */
  const yearInReview = async (username: string, yearText: string): Promise<PageHead | typeof NOT_FOUND> => {
    const year = /^\d{4}$/.test(yearText) ? Number(yearText) : Number.NaN;
    if (!(year >= STATS_LIMITS.firstYear && year <= STATS_LIMITS.lastYear)) return NOT_FOUND;
    try {
      const review = await stats.yearInReview(null, username, year);
      const owner = await library.ownerFor(null, username, 'read', 'none');
      const top = review.highlights.mostPlayed;
      return {
        noindex: Number(owner.hide_from_search) === 1,
        title: yearInReviewTitle(review.stats.username, year),
        description: yearInReviewSummary(review.stats.totals, year) + (top ? ` Most played: ${top.game.name}.` : ''),
        image: yearCardPath(review.stats.username, year, cardVersion(review)),
      };
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403)) return NOT_FOUND;
      throw error;
    }
  };

  return async (pathname) => {
    // Pages of fixed text with a head of their own.
    const fixed = FIXED_PAGES.get(pathname.replace(/\/+$/, '').toLowerCase());
    if (fixed) return fixed;
    const segments = pathname.split('/').filter(Boolean).map(decode);
    if (segments.some((s) => s === undefined)) return undefined;
    const [first, second, third, fourth] = segments as string[];
    // The router matches its fixed words in any case; so does this.
    if (segments.length === 2 && first!.toLowerCase() === 'games') return game(second!);
    if (segments.length === 4 && first!.toLowerCase() === 'u' && third!.toLowerCase() === 'reviews') return review(second!, fourth!);
    if (segments.length === 4 && first!.toLowerCase() === 'u' && third!.toLowerCase() === 'lists') return list(second!, fourth!);
    if (segments.length === 4 && first!.toLowerCase() === 'u' && third!.toLowerCase() === 'year') return yearInReview(second!, fourth!);
    // Profiles and their public tabs: an unknown (or hidden) user is a real 404.
    if (first?.toLowerCase() === 'u' && (segments.length === 2 || (segments.length === 3 && third!.toLowerCase() in PROFILE_TABS))) {
      return profile(second!, segments.length === 2 ? '' : third!.toLowerCase());
    }
    return undefined;
  };
}
