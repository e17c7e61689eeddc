// Title clean-up for catalog sources. Slugs follow the app's own rule (packages/shared, built by npm install/test).
import { slugify } from '../../packages/shared/dist/index.js';

export { slugify };

/** "Sonic - The Hedgehog (Japan, Rev 1) [cr X]" → "Sonic: The Hedgehog". */
export function titleOf(description) {
  let title = String(description).trim();
  for (let previous = ''; previous !== title; ) {
    previous = title;
    title = title.replace(/\s*(\([^()]*\)|\[[^[\]]*\])\s*$/, '').trim();
  }
  return title.replace(/\s+-\s+/g, ': ').replace(/\s{2,}/g, ' ').trim();
}

/** The key under which two spellings of one title meet: "The Legend of Zelda" = "Legend of Zelda, The". */
export function mergeKey(title) {
  return slugify(title.replace(/^(.*),\s*(the|a|an)$/i, '$2 $1')).replace(/-/g, '');
}
