import { SMALL_SEED_GAMES } from './previous-release.js';

/**
 * Members of a running (previous-release) server writing at a steady pace,
 * through its HTTP API as the web app does: library entries (status, rating,
 * platform), diary sessions, follows. Every answer is kept; so is what each
 * acknowledged write should have left in the database, to check afterwards
 * that none was lost. The routes used are those every release since
 * c7618b9 has.
 */

const PASSWORD = 'Upgrade1Pass';

export interface Member {
  username: string;
  token: string;
}

export interface Answer {
  at: number;
  request: string;
  /** The HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  retryAfter: string | null;
  body: string;
}

/** Library entry of a member and game, as the last acknowledged write left it. */
export interface EntryState {
  status: number;
  rating: number;
}

async function call(url: string, method: string, pathname: string, body?: unknown, token?: string): Promise<Answer> {
  const at = Date.now();
  const request = `${method} ${pathname}`;
  try {
    const res = await fetch(url + pathname, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return { at, request, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
  } catch (error) {
    return { at, request, status: 0, retryAfter: null, body: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** Registers `count` members, has `activate` mark them active (the mail link's effect), and signs each in. */
export async function signUpMembers(url: string, count: number, activate: (usernames: string[]) => Promise<void>): Promise<Member[]> {
  const usernames = Array.from({ length: count }, (_, i) => `upgrader${i + 1}`);
  for (const username of usernames) {
    const answer = await call(url, 'POST', '/api/auth/register', { email: `${username}@example.com`, username, password: PASSWORD, password2: PASSWORD });
    if (answer.status !== 201) throw new Error(`Registering ${username} answered ${answer.status}: ${answer.body}`);
  }
  await activate(usernames);
  const members: Member[] = [];
  for (const username of usernames) {
    const answer = await call(url, 'POST', '/api/auth/login', { identifier: username, password: PASSWORD });
    if (answer.status !== 200) throw new Error(`Signing in ${username} answered ${answer.status}: ${answer.body}`);
    members.push({ username, token: (JSON.parse(answer.body) as { token: string }).token });
  }
  return members;
}

export class WriteLoad {
  readonly answers: Answer[] = [];
  /** `username/slug` → the entry the last acknowledged write set. */
  readonly entries = new Map<string, EntryState>();
  /** Keys whose last write got no clear answer: it may or may not have been applied. */
  readonly uncertain = new Set<string>();
  /** Diary sessions acknowledged (201), by id. */
  readonly diary: { username: string; id: number }[] = [];
  #running = false;
  #loops: Promise<void>[] = [];

  constructor(
    private readonly url: string,
    private readonly members: Member[],
    private readonly games: { slug: string; platforms: string[] }[] = SMALL_SEED_GAMES,
  ) {}

  start(): void {
    this.#running = true;
    this.#loops = this.members.map((member, m) => this.#loop(member, m));
  }

  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#loops);
  }

  /** Answers a member of the previous release should never get: a 5xx other than 503 with Retry-After, no answer at all, or a refusal it did not earn. */
  failures(): Answer[] {
    return this.answers.filter((a) => {
      if (a.status >= 200 && a.status < 300) return false;
      if (a.status === 503 && a.retryAfter) return false;
      // A follow beyond the per-member limit is refused by design.
      if (a.status === 429 && a.request.endsWith('/follow')) return false;
      return true;
    });
  }

  acknowledgedSince(at: number): number {
    return this.answers.filter((a) => a.at >= at && a.status >= 200 && a.status < 300).length;
  }

  async #loop(member: Member, m: number): Promise<void> {
    // Everyone follows the first member, who follows no one. A ring (each the next) would deadlock c7618b9
    // among its own requests, not because of the upgrade: that release moved the two follow counts follower
    // first, so a ring of follows locked users rows in a cycle (fixed since: follows.repo.ts moveCounts).
    const followee = m === 0 ? undefined : this.members[0]!;
    let following = false;
    for (let i = 0; this.#running; i++) {
      const game = this.games[(i * 7 + m * 3) % this.games.length]!;
      const key = `${member.username}/${game.slug}`;
      if (i % 10 === 9 && followee) {
        const answer = await call(this.url, following ? 'DELETE' : 'POST', `/api/users/${followee.username}/follow`, undefined, member.token);
        this.answers.push(answer);
        if (answer.status === 200) following = !following;
      } else if (i % 3 === 2) {
        // A day of its own for each session: a day holds at most 20 (and 5 of one game), and a slow machine's longer upgrade makes more.
        const playedOn = new Date(Date.UTC(2020, 0, 1) + (i % 2000) * 86_400_000).toISOString().slice(0, 10);
        const answer = await call(this.url, 'POST', `/api/users/${member.username}/diary`, { game: game.slug, playedOn, event: 'played', rating: 1 + (i % 10) }, member.token);
        this.answers.push(answer);
        if (answer.status === 201) this.diary.push({ username: member.username, id: (JSON.parse(answer.body) as { id: number }).id });
        // A session adds the game to the library when it was not there: the entry's state is no longer known here.
        this.uncertain.add(key);
      } else {
        const entry = { status: 1 + (i % 4), rating: 1 + (i % 10) };
        const answer = await call(this.url, 'PUT', `/api/users/${member.username}/library/${game.slug}`, { ...entry, platforms: game.platforms }, member.token);
        this.answers.push(answer);
        if (answer.status === 200 || answer.status === 201) {
          this.entries.set(key, entry);
          this.uncertain.delete(key);
        } else this.uncertain.add(key);
      }
    }
  }
}
