import { useEffect, useRef, type RefObject } from 'react';
import { NavLink, useLocation } from 'react-router';
import styles from './Tabs.module.css';

export interface Tab {
  label: string;
  to: string;
  /** Current only on this exact path, not on the paths below it (an index tab). */
  end?: boolean;
}

interface TabsProps {
  /** Names the navigation landmark: "Profile", "Dashboard". */
  label: string;
  tabs: Tab[];
  /** On a phone: wrap onto more lines, or stay on one line and scroll sideways. */
  onPhone: 'wrap' | 'scroll';
  /** The dashboard's tabs have always been a list ("list, 5 items" to a screen reader); the profile's are bare links. */
  asList?: boolean;
}

/** A page's tabs: links in a labelled nav, the current one marked with aria-current="page" (by NavLink). */
export function Tabs({ label, tabs, onPhone, asList = false }: TabsProps) {
  const nav = useCurrentTabInView();
  useScrollEdges(nav);
  const className = `${styles.tabs} ${styles[onPhone]}`;
  const link = ({ label: text, to, end }: Tab) => (
    <NavLink key={to} to={to} end={end}>
      {text}
    </NavLink>
  );
  return asList ? (
    <nav ref={nav} aria-label={label}>
      <ul className={className}>
        {tabs.map((tab) => (
          <li key={tab.to}>{link(tab)}</li>
        ))}
      </ul>
    </nav>
  ) : (
    <nav ref={nav} className={className} aria-label={label}>
      {tabs.map(link)}
    </nav>
  );
}

/** A bar that scrolls sideways brings the current tab into sight (the last one may start off-screen). */
function useCurrentTabInView() {
  const bar = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const box = bar.current;
    const current = box?.querySelector('[aria-current="page"]');
    if (!box || !current) return;
    const barBox = box.getBoundingClientRect();
    const tabBox = current.getBoundingClientRect();
    if (tabBox.right > barBox.right) box.scrollLeft += tabBox.right - barBox.right;
    else if (tabBox.left < barBox.left) box.scrollLeft -= barBox.left - tabBox.left;
  }, [pathname]);
  return bar;
}

/**
 * Marks which sides of a sideways-scrolling bar have more tabs out of sight
 * (data-more="left right"), so the bar fades on those sides: a cut-off tab
 * strip then visibly scrolls instead of looking like all there is.
 */
function useScrollEdges(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const box = bar.current;
    if (!box) return;
    const mark = () => {
      const sides = [box.scrollLeft > 1 && 'left', box.scrollLeft + box.clientWidth < box.scrollWidth - 1 && 'right'].filter(Boolean);
      if (sides.length > 0) box.setAttribute('data-more', sides.join(' '));
      else box.removeAttribute('data-more');
    };
    mark();
    box.addEventListener('scroll', mark, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
    resized?.observe(box);
    return () => {
      box.removeEventListener('scroll', mark);
      resized?.disconnect();
    };
  }, [bar]);
}
