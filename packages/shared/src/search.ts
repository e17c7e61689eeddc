/** The search form's target (SPEC §2): null for an empty query, which does not submit. */
export function searchHref(query: string): string | null {
  const q = query.trim();
  if (!q) return null;
  return `/search/?q=${encodeURIComponent(q)}&p=1`;
}
