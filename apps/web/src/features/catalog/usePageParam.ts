import { useSearchParams } from 'react-router';

/** The current page from "?p=" (SPEC §9), 1 when missing or not a positive whole number. */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const p = Number(params.get('p'));
  return Number.isInteger(p) && p >= 1 ? p : 1;
}
