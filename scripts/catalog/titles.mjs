// Title clean-up for catalog sources (shared with the importer's tests).

/** "Sonic - The Hedgehog (Japan, Rev 1) [cr X]" → "Sonic: The Hedgehog". */
export function titleOf(description) {
  let title = String(description).trim();
  for (let previous = ''; previous !== title; ) {
    previous = title;
    title = title.replace(/\s*(\([^()]*\)|\[[^[\]]*\])\s*$/, '').trim();
  }
  return title.replace(/\s+-\s+/g, ': ').replace(/\s{2,}/g, ' ').trim();
}

/** URL-safe, lower-case, ASCII: "Pokémon: Red" → "pokemon-red". */
export function slugify(text) {
  return String(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** The key under which two spellings of one title meet: "The Legend of Zelda" = "Legend of Zelda, The". */
export function mergeKey(title) {
  return slugify(title.replace(/^(.*),\s*(the|a|an)$/i, '$2 $1')).replace(/-/g, '');
}
