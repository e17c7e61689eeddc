import { SUGGESTED_MEMBERS, type SuggestedMember } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { onboardingRepo, type MemberRank } from './onboarding.repo.js';
import { audienceRepo } from '../audience/audience.repo.js';

/** The rankings change slowly and cost a scan: each process keeps them this long. */
const RANKING_TTL_MS = 10 * 60_000;
/** Enough candidates that a member who follows many of them still gets six. */
const CANDIDATES = 60;

export function createOnboardingService(db: Db, now: () => number = Date.now) {
  const k = db.kysely;
  let rankings: { at: number; followed: MemberRank[]; liked: MemberRank[] } | null = null;

  async function currentRankings() {
    if (!rankings || now() - rankings.at > RANKING_TTL_MS) {
      const [followed, liked] = await Promise.all([onboardingRepo.mostFollowed(k, CANDIDATES), onboardingRepo.mostLiked(k, CANDIDATES)]);
      rankings = { at: now(), followed, liked };
    }
    return rankings;
  }

  return {
    firstSteps: (userId: number) => onboardingRepo.firstSteps(k, userId),

    /**
     * Members to follow, for an empty activity feed: the most followed and the
     * authors of the most liked reviews, taken in turn, leaving out oneself
     * and whom one follows already.
     */
    async suggestions(userId: number): Promise<SuggestedMember[]> {
      const { followed, liked } = await currentRankings();
      const already = await onboardingRepo.followed(k, userId, [...new Set([...followed, ...liked].map((m) => m.id))]);
      // Members blocked either way, or muted, are not suggested (audience module).
      for (const id of await audienceRepo.hiddenFrom(k, userId, { muted: true })) already.add(id);
      const picked = new Map<number, SuggestedMember>();
      const queues: [MemberRank[], SuggestedMember['reason']][] = [
        [followed, 'most-followed'],
        [liked, 'most-liked'],
      ];
      const cursors = [0, 0];
      while (picked.size < SUGGESTED_MEMBERS && queues.some(([list], q) => cursors[q]! < list.length)) {
        queues.forEach(([list, reason], q) => {
          while (cursors[q]! < list.length && picked.size < SUGGESTED_MEMBERS) {
            const m = list[cursors[q]!++]!;
            if (m.id === userId || already.has(m.id) || picked.has(m.id)) continue;
            picked.set(m.id, { user: { username: m.username, avatar: m.avatar }, followers: Number(m.followers), reviewLikes: Number(m.reviewLikes), reason });
            break;
          }
        });
      }
      return [...picked.values()];
    },
  };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
