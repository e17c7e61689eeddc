import { PRODUCT, canonicalUrl, pageTitle, plainLine } from '@vgl/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export interface PageMeta {
  /** Shown as "{title} | VGL"; omitted → the tagline. */
  title?: string;
  description?: string;
  /** Absolute URL or a path on this site. */
  image?: string;
}

/** Finds the head element with `key=name` (creating it when missing) and sets one attribute on it. */
function upsert(tag: 'meta' | 'link', key: string, name: string, attr: string, value: string): void {
  let element = document.head.querySelector(`${tag}[${key}="${name}"]`);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(key, name);
    document.head.append(element);
  }
  element.setAttribute(attr, value);
}

const meta = (key: 'name' | 'property', name: string, content: string) => upsert('meta', key, name, 'content', content);

/**
 * Every page calls this once: it sets the title, description, canonical link
 * and share image of SPEC §2 (the server sends the same defaults in index.html).
 */
export function usePageMeta({ title, description, image }: PageMeta = {}): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const origin = window.location.origin;
    const fullTitle = pageTitle(title);
    const text = plainLine(description ?? PRODUCT.description);
    const url = canonicalUrl(origin, pathname);
    const shareImage = new URL(image ?? PRODUCT.shareImage, origin).href;
    document.title = fullTitle;
    meta('name', 'description', text);
    upsert('link', 'rel', 'canonical', 'href', url);
    meta('property', 'og:title', fullTitle);
    meta('property', 'og:description', text);
    meta('property', 'og:image', shareImage);
    meta('property', 'og:url', url);
  }, [title, description, image, pathname]);
}
