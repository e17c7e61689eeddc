// Types of titles.mjs, for the tests that call it (apps/server/src/modules/catalog/seed-builder.test.ts).
export function slugify(text: string): string;
export function titleOf(description: unknown): string;
export const NUMBER_WORD: RegExp;
export function mergeKey(title: string): string;
export function numberValue(word: string): number;
export function titleNumbers(title: string): { words: string; numbers: number[] };
export function differentNumbers(a: string, b: string): boolean;
export function sequelNumbers(title: string): number[];
export function otherSequel(a: string, b: string): boolean;
