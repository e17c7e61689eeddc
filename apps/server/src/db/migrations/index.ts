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
import { usernamePrefixMigration } from './0039_username_prefix.js';
import { blocksMutesMigration } from './0040_blocks_mutes.js';
import { idempotencyKeysMigration } from './0048_idempotency_keys.js';
import { privacyMigration } from './0041_privacy.js';
import { reportsMigration } from './0042_reports.js';
import { registrationMigration } from './0043_registration.js';
import { notificationSettingsMigration } from './0044_notification_settings.js';
import { releaseAlertsMigration } from './0045_release_alerts.js';
import { statsReviewAudienceMigration } from './0046_stats_review_audience.js';
import { pushSubscriptionsMigration } from './0047_push_subscriptions.js';
import { memberPlatformsMigration } from './0049_member_platforms.js';
import { playCompletionMigration } from './0050_play_completion.js';
import { playsMigration } from './0051_plays.js';
import { playStatsMigration } from './0052_play_stats.js';
import { federationMigration } from './0053_federation.js';
import { federationInboundMigration } from './0054_federation_inbound.js';
import { federationInstancesMigration } from './0055_federation_instances.js';
import { federationFollowingMigration } from './0056_federation_following.js';
import { federationPostRepliesMigration } from './0057_federation_post_replies.js';
import { federationAccountBlocksMigration } from './0058_federation_account_blocks.js';
import { federationObjectsMigration } from './0059_federation_objects.js';

/**
 * A migration, and how it runs (db/migrate.ts).
 *
 * - `transaction: false`: outside a transaction, for CREATE INDEX
 *   CONCURRENTLY (helpers.ts, concurrentIndexes); it must be safe to run
 *   again after failing halfway.
 * - `upOnNewDatabase`: what to run instead on a database no one serves from
 *   yet (its first start), in one transaction with the others: an index is
 *   built plainly there.
 * - `contracts`: this migration is the contract step of the expand named
 *   here, which shipped in an earlier release; only such a migration may drop
 *   or rename what a previous release reads (expand-contract.test.ts).
 */
export interface VglMigration extends Migration {
  transaction?: false;
  upOnNewDatabase?: Migration['up'];
  contracts?: string;
}

/**
 * Every migration, in order. A static list (not a folder scan) so the compiled
 * server and the tests run exactly the same set; some need the dialect for
 * the few column types that differ. Never change what a landed migration
 * makes: add the next number.
 *
 * EXPAND, THEN CONTRACT. A new release migrates the database while instances
 * of the previous release still serve from it (a rolling upgrade,
 * docs/operators/upgrading.md), and an operator may roll back to the previous
 * release on the migrated database. So a migration must leave everything the
 * previous release reads and writes working:
 * - add tables, nullable columns, columns with a default, indexes (an index
 *   on a table members write to: built concurrently, in a migration of its
 *   own);
 * - never drop or rename a table or column, nor add a NOT NULL column without
 *   a default, nor a constraint the previous release's writes could break;
 * - to remove or rename something: stop using it in one release (expand: the
 *   new column beside the old, both written), drop it in a later one with a
 *   migration marked `contracts: '<the expand migration>'`.
 * Keep each migration short: its locks are held until it commits, and the
 * previous release's writes wait for them.
 */
export function migrationsFor(dialect: Dialect): Record<string, VglMigration> {
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
    '0028_review_score_index': reviewScoreIndexMigration(dialect),
    '0029_browse_year_covering': browseYearCoveringMigration(),
    '0030_recent_actors': recentActorsMigration(dialect),
    '0031_follows_pages': followsPagesMigration(),
    '0032_library_updated_order': libraryUpdatedOrderMigration(),
    '0033_sparse_indexes': sparseIndexesMigration(),
    '0034_wikidata': wikidataMigration(),
    '0035_game_submissions': gameSubmissionsMigration(dialect),
    '0036_first_platform': firstPlatformMigration(),
    '0037_game_slug_history': gameSlugHistoryMigration(),
    '0038_review_spoilers': reviewSpoilersMigration(),
    '0039_username_prefix': usernamePrefixMigration(dialect),
    '0040_blocks_mutes': blocksMutesMigration(),
    '0041_privacy': privacyMigration(),
    '0042_reports': reportsMigration(dialect),
    '0043_registration': registrationMigration(dialect),
    '0044_notification_settings': notificationSettingsMigration(),
    '0045_release_alerts': releaseAlertsMigration(),
    '0046_stats_review_audience': statsReviewAudienceMigration(dialect),
    '0047_push_subscriptions': pushSubscriptionsMigration(dialect),
    '0048_idempotency_keys': idempotencyKeysMigration(),
    '0049_member_platforms': memberPlatformsMigration(),
    '0050_play_completion': playCompletionMigration(),
    '0051_plays': playsMigration(dialect),
    '0052_play_stats': playStatsMigration(dialect),
    '0053_federation': federationMigration(dialect),
    '0054_federation_inbound': federationInboundMigration(dialect),
    '0055_federation_instances': federationInstancesMigration(),
    '0056_federation_following': federationFollowingMigration(dialect),
    '0057_federation_post_replies': federationPostRepliesMigration(dialect),
    '0058_federation_account_blocks': federationAccountBlocksMigration(dialect),
    '0059_federation_objects': federationObjectsMigration(dialect),
  };
}
