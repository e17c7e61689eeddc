// Types of rules.mjs, for the tests that call it.
export const DROP_REASONS: {
  list: string;
  os: string;
  language: string;
  application: string;
  utility: string;
  demo: string;
  bundle: string;
  media: string;
  file: string;
  title: string;
  clone: string;
};
export const PLACEHOLDER_PUBLISHER: RegExp;
export const GENERIC_TITLES: Set<string>;
export function isGameList(listName: string): boolean;
export function isDubious(entry: { description: unknown; publisher?: unknown }): boolean;
export function nonGameReason(entry: { title: string; description: unknown; publisher?: unknown }): keyof typeof DROP_REASONS | undefined;
export function looksLikeFileName(entry: { title: string; year?: unknown; publisher?: unknown }): boolean;
export function fileNameTitle(title: string): string;
