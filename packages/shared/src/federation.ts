/**
 * The members' page about federation (/about/federation, issue 40): its
 * head, which the server writes for link previews and the app sets once
 * loaded, so both say the same.
 */
export const FEDERATION_PAGE = {
  title: 'What leaves this instance',
  description: 'What this VGL instance sends to other servers of the fediverse when federation is on, what it never sends, and how to keep your reviews here.',
} as const;

/** What an instance rule does to a remote server and its subdomains (Mastodon's "suspend" and "limit"). */
export const INSTANCE_POLICIES = ['block', 'silence'] as const;
export type InstancePolicy = (typeof INSTANCE_POLICIES)[number];

export const INSTANCE_LIMITS = {
  /** A DNS name's longest form. */
  domainMaxLength: 253,
  reasonMaxLength: 500,
} as const;

/** Texts of instance blocks and silences, shared by the dashboard and the API. */
export const INSTANCE_MESSAGES = {
  domainMissing: 'Enter a domain, such as spam.example.',
  domainOnly: 'Enter the domain only, such as spam.example: no https://, path, port or @name.',
  domainInvalid: 'This is not a domain name: use letters, digits and hyphens between dots, such as spam.example.',
  domainTooLong: `A domain has at most ${INSTANCE_LIMITS.domainMaxLength} characters.`,
  ownDomain: 'This is this instance’s own domain.',
  policy: 'Choose block or silence.',
  reasonTooLong: `A reason has at most ${INSTANCE_LIMITS.reasonMaxLength} characters.`,
  notListed: 'This domain is neither blocked nor silenced.',
} as const;

/** A label of a DNS name: letters, digits and inner hyphens (after IDNA, so xn--… for names in other scripts). */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * A remote server's domain as typed by a moderator, as every rule stores it:
 * trimmed, lower-cased, without a final dot, in its ASCII (punycode) form, so
 * "Spam.Example." and "SPAM.example" are one rule and "bücher.example" is
 * "xn--bcher-kva.example", the host remote actor ids carry. An IPv4 address is
 * accepted too (an actor's host may be one). Anything with a scheme, path,
 * port or user is refused with a message saying so, never guessed at.
 */
export function normaliseDomain(input: string): { domain: string } | { error: string } {
  const typed = input.trim().replace(/\.$/, '');
  if (typed === '') return { error: INSTANCE_MESSAGES.domainMissing };
  if (/[/:?#@\\\s]/.test(typed)) return { error: INSTANCE_MESSAGES.domainOnly };
  let host: string;
  try {
    // The WHATWG URL parser does IDNA (UTS 46): lower case and punycode, as remote ids are parsed.
    host = new URL(`http://${typed}/`).hostname;
  } catch {
    return { error: INSTANCE_MESSAGES.domainInvalid };
  }
  if (host.length > INSTANCE_LIMITS.domainMaxLength) return { error: INSTANCE_MESSAGES.domainTooLong };
  const ip = IPV4.exec(host);
  // An address only as four decimal numbers: the URL parser also reads "10.0.0" or "0x7f.1" as one, which no one means.
  if (ip) return host === typed ? { domain: host } : { error: INSTANCE_MESSAGES.domainInvalid };
  const labels = host.split('.');
  // Two labels at least, and a top-level one that is not a number: "localhost" or "10.0.1" name no server elsewhere.
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1)!)) return { error: INSTANCE_MESSAGES.domainInvalid };
  return { domain: host };
}

/** A rule on the dashboard's Federation tab (GET /api/admin/federation/instances). */
export interface InstanceRule {
  domain: string;
  policy: InstancePolicy;
  reason: string | null;
  /** Unix ms. */
  createdAt: number;
  /** The moderator or admin who set it; null once their account is gone. */
  createdBy: string | null;
  /** Remote accounts of the domain (or its subdomains) following members here now: accepted, or waiting. */
  followers: number;
}

/** Someone on another server who follows a member, or asks to (Settings → Privacy). */
export interface RemoteFollower {
  id: number;
  /** Their display name, or their username when they have none. */
  name: string;
  /** "@name@host", as the fediverse writes it. */
  handle: string;
  /** Their profile page on their server (or their actor id, when it says none). */
  url: string;
  /** When they asked to follow (Unix ms). */
  since: number;
}

/** Whether a member's follow of a remote account is answered: `pending` until their server accepts it. */
export const FOLLOWING_STATES = ['pending', 'accepted'] as const;
export type FollowingState = (typeof FOLLOWING_STATES)[number];

export const FOLLOWING_LIMITS = {
  /** An account as typed: a handle, or a profile's address. */
  accountMaxLength: 2000,
  /** Most accounts one member follows elsewhere. */
  maxFollowing: 1000,
} as const;

/** Texts of following accounts on other servers, shared by the Activity page and the API. */
export const FOLLOWING_MESSAGES = {
  accountMissing: 'Enter an account, such as @name@mastodon.example.',
  accountInvalid: 'Enter an account as @name@mastodon.example, or the https:// address of their profile.',
  accountTooLong: `An account has at most ${FOLLOWING_LIMITS.accountMaxLength} characters.`,
  blocked: 'This server is blocked here.',
  notFound: (account: string) => `No account was found at ${account}.`,
  member: (account: string) => `${account} is a member here: follow them on their profile.`,
  notFollowing: 'You do not follow this account.',
  noPost: 'This post is not in your feed.',
  noReply: 'You have no such reply under this post.',
  tooMany: `You follow ${FOLLOWING_LIMITS.maxFollowing} accounts on other servers already: unfollow some first.`,
} as const;

/** An account on another server as typed: "@name@host" or "name@host" (a handle), or the http(s) address of a profile or actor. */
export type RemoteAccountRef = { handle: string; host: string } | { url: string; host: string };

const HANDLE = /^@?([A-Za-z0-9._~%+-]+)@([^@\s/?#]+)$/;

/**
 * What a member typed to follow someone elsewhere, read without asking any
 * server: a handle (lower-cased host, "@name@host") or an address. Anything
 * else gets a message saying what is expected.
 */
export function parseRemoteAccount(input: string): RemoteAccountRef | { error: string } {
  const typed = input.trim();
  if (typed === '') return { error: FOLLOWING_MESSAGES.accountMissing };
  if (typed.length > FOLLOWING_LIMITS.accountMaxLength) return { error: FOLLOWING_MESSAGES.accountTooLong };
  if (/^https?:\/\//i.test(typed)) {
    try {
      const url = new URL(typed);
      if (url.username || url.password || !url.hostname) return { error: FOLLOWING_MESSAGES.accountInvalid };
      return { url: url.href, host: url.hostname.toLowerCase() };
    } catch {
      return { error: FOLLOWING_MESSAGES.accountInvalid };
    }
  }
  const match = HANDLE.exec(typed);
  if (!match) return { error: FOLLOWING_MESSAGES.accountInvalid };
  let host: string;
  try {
    // IDNA and lower case, as the host of their actor's id will be.
    host = new URL(`https://${match[2]!}/`).host;
  } catch {
    return { error: FOLLOWING_MESSAGES.accountInvalid };
  }
  if (!host.includes('.') && !host.startsWith('[')) return { error: FOLLOWING_MESSAGES.accountInvalid };
  return { handle: `@${match[1]!}@${host}`, host: host.replace(/:\d+$/, '') };
}

/** An account on another server a member follows (GET /api/federation/following). */
export interface RemoteFollowing {
  id: number;
  /** Their display name, or their username. */
  name: string;
  /** "@name@host". */
  handle: string;
  /** Their profile page on their server. */
  url: string;
  host: string;
  state: FollowingState;
  /** When the member followed (Unix ms). */
  since: number;
}

/** A post of a followed account (GET /api/federation/feed). */
export interface RemotePost {
  id: number;
  account: { name: string; handle: string; url: string; host: string; avatar: string | null };
  /** An article's title. */
  title: string | null;
  /** Its content warning. */
  contentWarning: string | null;
  /** Plain text: no markup survives (paragraphs are blank lines). */
  text: string;
  image: { url: string; alt: string | null } | null;
  /** Where it is read on its server. */
  url: string | null;
  /** Unix ms. */
  published: number;
  /** Whether the member liked it (their server was sent a Like). */
  viewerLiked: boolean;
  /** The member's own replies to it (sent to its server), oldest first. */
  viewerReplies: RemotePostReply[];
}

/** A member's reply to a post of an account they follow elsewhere: sent there as a public Note (POST /api/federation/feed/{id}/replies). */
export interface RemotePostReply {
  id: number;
  /** Plain text, as written. */
  text: string;
  /** The Note's id on this instance, which their server shows and links to. */
  uri: string;
  /** Unix ms. */
  created: number;
}

/** Texts of blocking and suspending single accounts on other servers, shared by the web app and the API. */
export const ACCOUNT_BLOCK_MESSAGES = {
  accountMissing: 'Say which account: its @name@host or the address of its actor.',
  unknown: (account: string) => `No account ${account} is known here: only accounts that followed, liked, boosted or replied to someone here, or that someone here follows, can be blocked.`,
  notBlocked: 'You do not block this account.',
  blockedByYou: 'You block this account: unblock it first (Settings → Privacy).',
  notSuspended: 'This account is not suspended.',
  suspended: 'This account is suspended on this instance.',
} as const;

/** A remote account a member blocks (GET /api/federation/blocks). */
export interface RemoteAccountBlock {
  id: number;
  /** Its ActivityPub actor id. */
  actor: string;
  /** "@name@host". */
  handle: string;
  name: string | null;
  /** Its profile page on its server (or its actor id). */
  url: string;
  /** When it was blocked (Unix ms). */
  since: number;
}

/** A remote account suspended on this instance (GET /api/admin/federation/accounts). */
export interface RemoteAccountSuspension {
  actor: string;
  handle: string;
  url: string;
  reason: string | null;
  /** Unix ms. */
  createdAt: number;
  /** The moderator or admin who suspended it; null once their account is gone. */
  createdBy: string | null;
}
