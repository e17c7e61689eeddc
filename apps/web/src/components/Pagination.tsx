import { PAGING, pageCount, pageWindow } from '@vgl/shared';
import { Link, useLocation } from 'react-router';
import styles from './Pagination.module.css';

interface PaginationProps {
  page: number;
  total: number;
  perPage?: number;
  /** The query parameter holding the page: p (SPEC §9), another where a page pages two lists (comments: cp). */
  param?: string;
  /** Scroll this element's top into view after paging instead of the page's top. */
  scrollTo?: string;
  label?: string;
}

/**
 * Page links (SPEC §9): only when the total exceeds one page; the window of
 * pages 1–5 / current ±2 / last 5; the query and filters kept with p (or
 * `param`); scrolls to the top (or to `scrollTo`) 100 ms after paging.
 * First and Last sit outside the window when it does not reach page 1 or
 * the last page, so 2,000 pages are never more than one click from either end.
 */
export function Pagination({ page, total, perPage = PAGING.gamesPerPage, param = 'p', scrollTo, label = 'Pages' }: PaginationProps) {
  const { pathname, search } = useLocation();
  const pages = pageWindow(page, total, perPage);
  if (pages.length === 0) return null;
  const last = pageCount(total, perPage);
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(p));
    return `${pathname}?${params.toString()}`;
  };
  const onPage = () =>
    window.setTimeout(() => {
      const target = scrollTo ? document.getElementById(scrollTo) : null;
      if (target) target.scrollIntoView();
      else window.scrollTo({ top: 0 });
    }, PAGING.scrollToTopDelayMs);
  const number = (n: number) => n.toLocaleString('en-US');
  return (
    <nav className={styles.pagination} aria-label={label}>
      {pages[0]! > 1 && (
        <Link to={hrefFor(1)} onClick={onPage} className={styles.step} aria-label="First page, 1">
          First
        </Link>
      )}
      {page > 1 && (
        <Link to={hrefFor(page - 1)} onClick={onPage} className={styles.step} rel="prev">
          Previous
        </Link>
      )}
      <ul>
        {pages.map((p) => (
          <li key={p}>
            {p === page ? (
              <span aria-current="page" className={styles.current}>
                {p}
              </span>
            ) : (
              <Link to={hrefFor(p)} onClick={onPage} aria-label={`Page ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {page < last && (
        <Link to={hrefFor(page + 1)} onClick={onPage} className={styles.step} rel="next">
          Next
        </Link>
      )}
      {pages.at(-1)! < last && (
        <Link to={hrefFor(last)} onClick={onPage} className={styles.step} aria-label={`Last page, ${number(last)}`}>
          Last
        </Link>
      )}
    </nav>
  );
}
