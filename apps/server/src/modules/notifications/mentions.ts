/** At most this many people are told about one text's mentions: a comment of fifty @names is not fifty notifications. */
export const MAX_MENTIONS = 10;

/**
 * The usernames a text mentions as @username (the username rules: a letter
 * or digit, then letters, digits, underscores), lower-cased, each once, in
 * order. An @ inside a word (an e-mail address) is not a mention.
 */
export function mentionedUsernames(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<![\p{L}\p{N}_@.])@([A-Za-z0-9][A-Za-z0-9_]{0,29})(?![A-Za-z0-9_])/gu)) {
    found.add(match[1]!.toLowerCase());
    if (found.size === MAX_MENTIONS) break;
  }
  return [...found];
}
