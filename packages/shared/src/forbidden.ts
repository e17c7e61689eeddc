/** Words a username may not contain, case-insensitively (SPEC §5: "admin" and two profanities). */
export const FORBIDDEN_USERNAME_WORDS = ['admin', 'fuck', 'shit'] as const;

export function containsForbiddenWord(username: string): boolean {
  const lower = username.toLowerCase();
  return FORBIDDEN_USERNAME_WORDS.some((word) => lower.includes(word));
}
