import type { StatsGame } from '@vgl/shared/stats';

/** A game row (from `games`) as stats name it. */
export const presentStatsGame = (row: { slug: string; name: string; cover_image_id: string | null; release_year: number | null }): StatsGame => ({
  slug: row.slug,
  name: row.name,
  cover: row.cover_image_id,
  release_year: row.release_year,
});
