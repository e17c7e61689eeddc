// What profile-hot.mjs prints: a V8 CPU profile's samples cut into the rows'
// time windows, each sample put in one bucket by the frame nearest its leaf
// that a rule below names (so the buckets add up to the row's samples).
import fs from 'node:fs';

/** CPU time (user + system) the process has used so far, in ms, from /proc. */
export function cpuMsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
}

/** A monotonic clock in µs, the one V8's profiles are stamped with. */
export const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

const json = async (base, url) => (await fetch(base + url)).json();

/** bench:hot's cacheable rows the issue names, then the library page (API and HTML). */
export async function profileRows(base, reader) {
  const [game] = await json(base, '/api/igdb/games?limit=1');
  const [review] = await json(base, '/api/library/reviews/trending?limit=1');
  const user = review.user.username.toLowerCase();
  return [
    ['GET /api/igdb/games/{slug}', `/api/igdb/games/${game.slug}`],
    ['GET /api/users/{u}/reviews/{slug}', `/api/users/${user}/reviews/${review.slug}`],
    ['GET /games/{slug}', `/games/${game.slug}`],
    ['GET /api/home', '/api/home'],
    ['GET /api/library/reviews/trending', '/api/library/reviews/trending'],
    ['GET /api/users/{u}/library', `/api/users/${user}/library`],
    // Read by another signed-in member: the audience check each time, then the answer kept for such readers.
    ['GET /api/users/{u}/library, signed in', `/api/users/${user}/library`, reader],
    ['GET /u/{u}/library (HTML)', `/u/${user}/library`],
  ];
}

const RULES = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['GC', (f) => f.functionName === '(garbage collector)'],
  ['(program: V8/native outside JS)', (f) => f.functionName === '(program)'],
  ['request id (randomUUID)', (f) => /randomUUID|trusted-proxies/.test(f.functionName + f.url)],
  ['metrics', (f) => /http\/metrics|request-latency|prom-client/.test(f.url)],
  ['client budgets / shared limiter', (f) => /fairness\/|limits\/|shared-tally/.test(f.url)],
  ['change feed / write announcements', (f) => /change-feed|write-announcements/.test(f.url)],
  ['security headers', (f) => /security-headers/.test(f.url)],
  ['access log / pino', (f) => /access-log|pino/.test(f.url)],
  ['compression (zlib)', (f) => /@fastify\/compress|node:zlib|zlib\.js/.test(f.url)],
  ['response cache', (f) => /response-cache/.test(f.url)],
  ['serialization (fast-json-stringify / JSON)', (f) => /fast-json-stringify|schema-compilers|serializ/i.test(f.url + f.functionName) || f.functionName === 'stringify'],
  ['validation (zod)', (f) => /node_modules\/zod/.test(f.url)],
  ['SQLite (better-sqlite3 / queue)', (f) => /better-sqlite3|sqlite-|fifo-lock/.test(f.url)],
  ['PostgreSQL client (pg)', (f) => /node_modules\/pg/.test(f.url)],
  ['Kysely (query building)', (f) => /kysely/.test(f.url)],
  ['VGL modules (services, repos, presenters)', (f) => /\/modules\//.test(f.url)],
  ['VGL http (other hooks, spa, page meta)', (f) => /apps\/server\/dist\/http\//.test(f.url)],
  ['routing (find-my-way)', (f) => /find-my-way/.test(f.url)],
  ['Fastify core (lifecycle, reply)', (f) => /node_modules\/fastify\/|avvio|light-my-request/.test(f.url)],
  ['node http: parse / write / sockets', (f) => /node:_http|node:net|node:stream|node:internal\/streams|_http_|node:events/.test(f.url) || /writev|writeUtf8String|writeBuffer|parserOn/.test(f.functionName)],
  ['promises / microtasks', (f) => /processTicksAndRejections|runMicrotasks|node:internal\/process\/task_queues/.test(f.functionName + f.url)],
];

export function summarizeProfile(profile, windows) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const bucketOf = new Map();
  const bucket = (id) => {
    if (bucketOf.has(id)) return bucketOf.get(id);
    let at = id;
    let name = 'other JS / node internals';
    while (at !== undefined) {
      const f = byId.get(at).callFrame;
      const rule = RULES.find(([, test]) => test(f));
      if (rule) { name = rule[0]; break; }
      at = parent.get(at);
    }
    bucketOf.set(id, name);
    return name;
  };
  const leafName = (id) => {
    const f = byId.get(id).callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules\/|apps\/server\/dist\/)/, '')}:${f.lineNumber + 1}`;
  };
  const out = [];
  let t = profile.startTime;
  const stamps = profile.timeDeltas.map((d) => (t += d));
  for (const w of windows) {
    const counts = new Map();
    const leaves = new Map();
    let total = 0;
    let busy = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      if (stamps[i] < w.from || stamps[i] > w.to) continue;
      const gap = (stamps[i + 1] ?? stamps[i]) - stamps[i];
      const id = profile.samples[i];
      const b = bucket(id);
      counts.set(b, (counts.get(b) ?? 0) + gap);
      total += gap;
      if (b !== 'idle') {
        busy += gap;
        const leaf = leafName(id);
        leaves.set(leaf, (leaves.get(leaf) ?? 0) + gap);
      }
    }
    const perReq = (us) => (us / w.requests).toFixed(1);
    out.push(`\n## ${w.label}: ${Math.round(w.rps).toLocaleString('en-US')} req/s, ${w.requests} requests, server CPU ${((w.cpuMs * 1000) / w.requests).toFixed(1)} µs/request (all threads, /proc), main thread busy ${((busy / Math.max(1, total)) * 100).toFixed(0)} % (${perReq(busy)} µs/request), non-2xx/errors ${w.bad}`);
    out.push('| where | µs/request | share of busy |', '|---|---:|---:|');
    for (const [name, us] of [...counts].sort((a, b) => b[1] - a[1])) {
      if (name === 'idle') continue;
      out.push(`| ${name} | ${perReq(us)} | ${((us / busy) * 100).toFixed(1)} % |`);
    }
    out.push('', 'top self time:', ...[...leaves].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([n, us]) => `  ${perReq(us).padStart(6)} µs  ${n}`));
  }
  return out.join('\n');
}
