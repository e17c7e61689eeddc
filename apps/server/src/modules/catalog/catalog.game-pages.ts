/** How many games' pages are kept (least recently asked for go first): a few MB. */
export const GAME_PAGES_KEPT = 2000;

/**
 * The catalog part of the most asked-for game pages — the game, its
 * platforms, companies, names, details and related games — kept until the
 * catalog changes (clear(), from the change feed). The page as a whole is
 * made again after every member's write, since its members' ratings may have
 * moved; those ratings are one query, the catalog part was seven. A part made
 * while the catalog changed is not kept.
 */
export function keptGamePages<T>(make: (slug: string) => Promise<T>, size = GAME_PAGES_KEPT) {
  const kept = new Map<string, T>();
  let generation = 0;
  return {
    async get(slug: string): Promise<T> {
      const found = kept.get(slug);
      if (found !== undefined) {
        kept.delete(slug);
        kept.set(slug, found);
        return found;
      }
      const started = generation;
      const made = await make(slug);
      if (started === generation) {
        kept.set(slug, made);
        if (kept.size > size) kept.delete(kept.keys().next().value!);
      }
      return made;
    },
    clear(): void {
      generation += 1;
      kept.clear();
    },
  };
}
