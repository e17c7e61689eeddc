/**
 * The members' page about federation (/about/federation, issue 40): its
 * head, which the server writes for link previews and the app sets once
 * loaded, so both say the same.
 */
export const FEDERATION_PAGE = {
  title: 'What leaves this instance',
  description: 'What this VGL instance sends to other servers of the fediverse when federation is on, what it never sends, and how to keep your reviews here.',
} as const;
