import { PRODUCT } from './limits.js';

/** "{title} | VGL", or the tagline when a page has no title of its own (SPEC §2). */
export function pageTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} | ${PRODUCT.name}` : PRODUCT.tagline;
}

/** Canonical link: origin plus "/" plus path, without doubled or trailing slashes. */
export function canonicalUrl(origin: string, path: string): string {
  const base = origin.replace(/\/+$/, '');
  const clean = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return `${base}/${clean}`;
}
