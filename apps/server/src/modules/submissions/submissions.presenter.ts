import type { AdminSubmission, GameSubmission, SubmissionGameRef } from '@vgl/shared';
import type { UserRow } from '../users/users.repo.js';
import { viewerCan } from './submissions.policy.js';
import type { SubmissionRow } from './submissions.repo.js';

/** The platform slugs a submission keeps as JSON; anything else reads as none. */
export function platformSlugsOf(row: { platforms: string }): string[] {
  try {
    const slugs: unknown = JSON.parse(row.platforms);
    return Array.isArray(slugs) ? slugs.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

const ref = (slug: string | null, name: string | null): SubmissionGameRef | null => (slug && name ? { slug, name } : null);

/** A submission as its submitter (and the game page) sees it. `platformNames`: slug → name. */
export function presentSubmission(row: SubmissionRow, platformNames: Map<string, string>): GameSubmission {
  return {
    id: row.id,
    name: row.name,
    year: row.year,
    platforms: platformSlugsOf(row).map((slug) => ({ slug, name: platformNames.get(slug) ?? slug })),
    url: row.url,
    state: row.state,
    reason: row.reason,
    createdAt: Number(row.created_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
    game: ref(row.game_slug, row.game_name),
    mergedInto: ref(row.merged_slug, row.merged_name),
  };
}

/** A submission on the dashboard; `sameTitle`: the other pending ones of its title. */
export function presentAdminSubmission(row: SubmissionRow, platformNames: Map<string, string>, sameTitle: number[], viewer: UserRow): AdminSubmission {
  return {
    ...presentSubmission(row, platformNames),
    user: { username: row.username ?? 'deleted account', avatar: row.username ? row.avatar : null },
    decidedBy: row.decided_by_username ? { username: row.decided_by_username } : null,
    sameTitle,
    viewerCan: viewerCan(viewer, row),
  };
}
