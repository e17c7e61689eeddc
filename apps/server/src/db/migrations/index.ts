import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import * as m0001 from './0001_app_meta.js';
import { usersMigration } from './0002_users.js';
import { catalogMigration } from './0003_catalog.js';
import { searchRanksMigration } from './0004_search_ranks.js';
import { libraryMigration } from './0005_library.js';
import { reviewLikesMigration } from './0006_review_likes.js';
import { socialMigration } from './0007_social.js';
import { moderationMigration } from './0008_moderation.js';
import { demoAccountsMigration } from './0009_demo_accounts.js';
import { accessTokensMigration } from './0010_access_tokens.js';
import { revokedSessionsMigration } from './0011_revoked_sessions.js';
import { browseOrderMigration } from './0012_browse_order.js';
import { igdbSyncMigration } from './0013_igdb_sync.js';
import { gameDetailsMigration } from './0014_game_details.js';
import { listsMigration } from './0015_lists.js';
import { journalMigration } from './0016_journal.js';
import { statsMigration } from './0018_stats.js';
import { usernameHistoryMigration } from './0020_username_history.js';
import { firstStepsMigration } from './0021_first_steps.js';
import { entryNotesMigration } from './0022_entry_notes.js';
import { sharedStateMigration } from './0023_shared_state.js';
import { statsBucketsMigration } from './0024_stats_buckets.js';
import { statsAnswersMigration } from './0026_stats_answers.js';
import { jobsMigration } from './0027_jobs.js';
import { reviewScoreIndexMigration } from './0028_review_score_index.js';
import { browseYearCoveringMigration } from './0029_browse_year_covering.js';
import { recentActorsMigration } from './0030_recent_actors.js';
import { followsPagesMigration } from './0031_follows_pages.js';
import { libraryUpdatedOrderMigration } from './0032_library_updated_order.js';
import { sparseIndexesMigration } from './0033_sparse_indexes.js';
import { wikidataMigration } from './0034_wikidata.js';
import { gameSlugHistoryMigration } from './0037_game_slug_history.js';
import { gameSubmissionsMigration } from './0035_game_submissions.js';
import { firstPlatformMigration } from './0036_first_platform.js';
import { reviewSpoilersMigration } from './0038_review_spoilers.js';

/**
 * Every migration, in order. A static list (not a folder scan) so the compiled
 * server and the tests run exactly the same set; some need the dialect for
 * the few column types that differ. Never edit a landed migration: add the
 * next number.
 */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_app_meta': m0001,
    '0002_users': usersMigration(dialect),
    '0003_catalog': catalogMigration(dialect),
    '0004_search_ranks': searchRanksMigration(dialect),
    '0005_library': libraryMigration(dialect),
    '0006_review_likes': reviewLikesMigration(),
    '0007_social': socialMigration(dialect),
    '0008_moderation': moderationMigration(dialect),
    '0009_demo_accounts': demoAccountsMigration(),
    '0010_access_tokens': accessTokensMigration(dialect),
    '0011_revoked_sessions': revokedSessionsMigration(),
    '0012_browse_order': browseOrderMigration(),
    '0013_igdb_sync': igdbSyncMigration(),
    '0014_game_details': gameDetailsMigration(),
    '0015_lists': listsMigration(dialect),
    '0016_journal': journalMigration(),
    '0018_stats': statsMigration(dialect),
    '0020_username_history': usernameHistoryMigration(),
    '0021_first_steps': firstStepsMigration(),
    '0022_entry_notes': entryNotesMigration(),
    '0023_shared_state': sharedStateMigration(dialect),
    '0024_stats_buckets': statsBucketsMigration(dialect),
    '0026_stats_answers': statsAnswersMigration(),
    '0027_jobs': jobsMigration(dialect),
    '0028_review_score_index': reviewScoreIndexMigration(),
    '0029_browse_year_covering': browseYearCoveringMigration(),
    '0030_recent_actors': recentActorsMigration(),
    '0031_follows_pages': followsPagesMigration(),
    '0032_library_updated_order': libraryUpdatedOrderMigration(),
    '0033_sparse_indexes': sparseIndexesMigration(),
    '0034_wikidata': wikidataMigration(),
    '0035_game_submissions': gameSubmissionsMigration(dialect),
    '0036_first_platform': firstPlatformMigration(),
    '0037_game_slug_history': gameSlugHistoryMigration(),
    '0038_review_spoilers': reviewSpoilersMigration(),
  };
}
