import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWikidataDouble, userAgentProblem, type WikidataDouble } from './wikidata-double.js';
import { WIKIDATA_PLATFORMS, wikidataFixture, type WikidataFixture } from './wikidata-fixture.js';

// The Wikidata double (WDQS + wbgetentities over oxigraph) and its Wikidata-shaped fixture.
const UA = 'VGL-tests/1.0 (https://github.com/vgl/vgl; dev@vgl.example)';
const NOW = new Date('2025-11-01T12:00:00Z');
const JSON_RESULTS = 'application/sparql-results+json';

type Binding = Record<string, { type: string; value: string; 'xml:lang'?: string; datatype?: string }>;
interface Results {
  head: { vars: string[] };
  results: { bindings: Binding[] };
}

interface Snak {
  snaktype: string;
  property: string;
  datatype: string;
  datavalue: { type: string; value: unknown };
}
interface ClaimJson {
  mainsnak: Snak;
  rank: string;
  id: string;
  qualifiers?: Record<string, Snak[]>;
}
type Texts = Record<string, { language: string; value: string }>;
interface EntityJson {
  type: string;
  id: string;
  modified?: string;
  labels: Texts;
  descriptions: Texts;
  claims: Record<string, ClaimJson[]>;
  sitelinks: Record<string, unknown>;
  redirects?: { from: string; to: string };
}
interface EntitiesJson {
  entities: Record<string, EntityJson>;
  success?: number;
  error?: { code: string; limit?: number };
}

let double: WikidataDouble;
let rev1: WikidataFixture;
let rev2: WikidataFixture;

async function select(query: string): Promise<Binding[]> {
  const res = await fetch(`${double.sparqlUrl}?query=${encodeURIComponent(query)}`, { headers: { 'user-agent': UA, accept: JSON_RESULTS } });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as Results).results.bindings;
}
async function entities(ids: string[], extra = ''): Promise<EntitiesJson> {
  const res = await fetch(`${double.apiUrl}?action=wbgetentities&format=json&ids=${ids.join('|')}${extra}`, { headers: { 'user-agent': UA } });
  return (await res.json()) as EntitiesJson;
}

beforeAll(async () => {
  rev1 = wikidataFixture({ games: 400, now: NOW });
  rev2 = wikidataFixture({ games: 400, now: NOW, revision: 2 });
  double = await startWikidataDouble({ data: rev1.chunks() });
});
afterAll(() => double.close());

describe('WDQS endpoint', () => {
  const FIRST_RELEASES = `
    SELECT ?item ?label (MIN(?date) AS ?first) WHERE {
      VALUES ?steam { "1245620" "1086940" "292030" "413150" "378649" }
      ?item wdt:P1733 ?steam .
      { ?item wdt:P31 wd:Q7889 } UNION { ?item wdt:P31 wd:Q209163 }
      ?item rdfs:label ?label . FILTER(LANG(?label) = "en")
      OPTIONAL { ?item p:P577 ?st . ?st ps:P577 ?date ; wikibase:rank ?rank . FILTER(?rank != wikibase:DeprecatedRank) }
    } GROUP BY ?item ?label ORDER BY ?label LIMIT 4`;

  it('answers SELECT with VALUES, UNION, OPTIONAL, FILTER(LANG), ORDER BY and LIMIT as sparql-results JSON', async () => {
    const res = await fetch(`${double.sparqlUrl}?query=${encodeURIComponent(FIRST_RELEASES)}`, { headers: { 'user-agent': UA, accept: JSON_RESULTS } });
    expect(res.headers.get('content-type')).toContain(JSON_RESULTS);
    const body = (await res.json()) as Results;
    expect(body.head.vars).toEqual(['item', 'label', 'first']);
    expect(body.results.bindings.map((b) => [b.label!.value, b.first!.value.slice(0, 10)])).toEqual([
      ["Baldur's Gate 3", '2023-08-03'],
      ['Elden Ring', '2022-02-25'],
      ['Stardew Valley', '2016-02-26'],
      ['The Witcher 3: Wild Hunt', '2015-05-19'],
    ]);
    expect(body.results.bindings[1]!.label).toEqual({ type: 'literal', value: 'Elden Ring', 'xml:lang': 'en' });
    expect(body.results.bindings[1]!.item!.value).toBe(`http://www.wikidata.org/entity/${rev1.items.named['elden-ring']!.qid}`);
  });

  it('takes the query by GET, form POST and sparql-query POST; JSON on format=json, XML by default', async () => {
    const post = (body: string, type: string) => fetch(double.sparqlUrl, { method: 'POST', headers: { 'user-agent': UA, 'content-type': type, accept: JSON_RESULTS }, body });
    const form = await post(new URLSearchParams({ query: FIRST_RELEASES }).toString(), 'application/x-www-form-urlencoded');
    const raw = await post(FIRST_RELEASES, 'application/sparql-query');
    const byFormat = await fetch(`${double.sparqlUrl}?format=json&query=${encodeURIComponent(FIRST_RELEASES)}`, { headers: { 'user-agent': UA } });
    const bodies = await Promise.all([form, raw, byFormat].map(async (r) => ((await r.json()) as Results).results.bindings.length));
    expect(bodies).toEqual([4, 4, 4]);
    const xml = await fetch(`${double.sparqlUrl}?query=${encodeURIComponent('ASK { ?s ?p ?o }')}`, { headers: { 'user-agent': UA } });
    expect(xml.headers.get('content-type')).toContain('application/sparql-results+xml');
    expect(await xml.text()).toContain('<boolean>true</boolean>');
  });

  it('holds statements as WDQS does: precision, qualifiers, ranks, truthy best-rank values, mul and foreign labels', async () => {
    const minecraft = rev1.items.named.minecraft!.qid;
    const truthy = await select(`SELECT ?d WHERE { wd:${minecraft} wdt:P577 ?d }`);
    expect(truthy.map((b) => b.d!.value)).toEqual(['2011-11-18T00:00:00Z']); // the preferred statement hides the normal one
    const ranks = await select(`SELECT ?rank WHERE { wd:${minecraft} p:P577/wikibase:rank ?rank } ORDER BY ?rank`);
    expect(ranks.map((b) => b.rank!.value.split('#')[1])).toEqual(['NormalRank', 'PreferredRank']);
    const skyrim = await select(`SELECT ?d WHERE { wd:${rev1.items.named.skyrim!.qid} p:P577 [ ps:P577 ?d ; wikibase:rank wikibase:DeprecatedRank ] }`);
    expect(skyrim.map((b) => b.d!.value)).toEqual(['2011-11-01T00:00:00Z']);
    const invaders = await select(`SELECT ?t ?p WHERE { wd:${rev1.items.named['space-invaders']!.qid} p:P577/psv:P577 [ wikibase:timeValue ?t ; wikibase:timePrecision ?p ] }`);
    expect(invaders.map((b) => [b.t!.value, b.p!.value])).toEqual([['1978-01-01T00:00:00Z', '9']]);
    const jp = await select(`SELECT ?d WHERE { wd:${rev1.items.named['super-mario-bros']!.qid} p:P577 [ ps:P577 ?d ; pq:P291 wd:Q17 ; pq:P400 wd:${WIKIDATA_PLATFORMS.nes.qid} ] }`);
    expect(jp.map((b) => b.d!.value)).toEqual(['1985-09-13T00:00:00Z']);
    const gt7 = await select(`SELECT ?l (LANG(?l) AS ?lang) WHERE { wd:${rev1.items.named['gran-turismo-7']!.qid} rdfs:label ?l }`);
    expect(gt7.map((b) => b.lang!.value)).toEqual(['mul']);
    expect(rev1.items.upcoming).toEqual(expect.arrayContaining(['gta-vi', 'witcher-iv', 'fable']));
    const upcoming = await select(`SELECT ?g WHERE { ?g wdt:P31 wd:Q7889 ; wdt:P577 ?d FILTER(?d > "${NOW.toISOString()}"^^xsd:dateTime) }`);
    expect(upcoming.map((b) => b.g!.value.split('/').pop())).toEqual(expect.arrayContaining(rev1.items.upcoming.map((k) => rev1.items.named[k]!.qid)));
  });

  it('answers a malformed query 400 with the parser message, and refuses SERVICE wikibase:label', async () => {
    const bad = await fetch(`${double.sparqlUrl}?query=${encodeURIComponent('SELECT ?x WHERE { ?x ?y }')}`, { headers: { 'user-agent': UA } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/MalformedQueryException: error at 1:\d+/);
    const label = await fetch(`${double.sparqlUrl}?query=${encodeURIComponent('SELECT ?i WHERE { ?i wdt:P31 wd:Q7889 SERVICE wikibase:label { bd:serviceParam wikibase:language "en" } }')}`, { headers: { 'user-agent': UA } });
    expect(label.status).toBe(400);
  });

  it('answers a query slower than timeoutMs 500 with a TimeoutException, as WDQS does after 60 s', async () => {
    const slow = await startWikidataDouble({ data: rev1.chunks(), timeoutMs: 0 });
    try {
      const res = await fetch(`${slow.sparqlUrl}?query=${encodeURIComponent('SELECT * WHERE { ?s ?p ?o } ORDER BY ?o')}`, { headers: { 'user-agent': UA } });
      expect(res.status).toBe(500);
      expect(await res.text()).toContain('java.util.concurrent.TimeoutException');
    } finally {
      await slow.close();
    }
  });
});

describe('policy and budgets', () => {
  const ask = (headers: Record<string, string>) => fetch(`${double.sparqlUrl}?query=${encodeURIComponent('ASK {}')}`, { headers });

  it('refuses a missing or generic User-Agent with 403, as Wikimedia does', async () => {
    expect((await ask({})).status).toBe(403); // fetch sends "node"
    expect((await ask({ 'user-agent': '' })).status).toBe(403);
    expect((await ask({ 'user-agent': 'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)' })).status).toBe(403);
    expect((await ask({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' })).status).toBe(403);
    expect((await ask({ 'user-agent': UA })).status).toBe(200);
    expect(userAgentProblem('VGL/0.1 (ops@vgl.example)')).toBeNull();
    expect(userAgentProblem('undici')).toMatch(/generic/);
  });

  it('throttles, fails and rate-limits on demand, and logs every request', async () => {
    double.requests.length = 0;
    double.throttle(2, 7);
    const [a, b, c] = [await ask({ 'user-agent': UA }), await ask({ 'user-agent': UA }), await ask({ 'user-agent': UA })];
    expect([a.status, b.status, c.status]).toEqual([429, 429, 200]);
    expect(a.headers.get('retry-after')).toBe('7');
    double.failNext(1, 503);
    expect((await ask({ 'user-agent': UA })).status).toBe(503);
    double.setMaxRequestsPerSecond(2);
    const burst = await Promise.all([1, 2, 3].map(() => ask({ 'user-agent': UA })));
    double.setMaxRequestsPerSecond(null);
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 429]);
    expect(burst.find((r) => r.status === 429)!.headers.get('retry-after')).toBe('1');
    expect(double.requests.map((r) => r.status)).toEqual([429, 429, 200, 503, ...burst.map(() => expect.any(Number))]);
    expect(double.requests[0]).toMatchObject({ kind: 'sparql', userAgent: UA, query: 'ASK {}' });
  });
});

describe('Action API wbgetentities', () => {
  it('returns the entity JSON of Elden Ring: labels, a P577 claim with precision and P400 qualifiers, ids, sitelinks, info', async () => {
    const er = rev1.items.named['elden-ring']!;
    const body = await entities([er.qid]);
    const e = body.entities[er.qid]!;
    expect(body.success).toBe(1);
    expect(e.type).toBe('item');
    expect(e.labels.en).toEqual({ language: 'en', value: 'Elden Ring' });
    expect(e.labels.ja).toEqual({ language: 'ja', value: 'エルデンリング' });
    expect(e.descriptions.en).toEqual({ language: 'en', value: '2022 video game' });
    expect(e.modified).toBe(er.modified);
    const [date] = e.claims.P577!;
    expect(date!.mainsnak).toMatchObject({ snaktype: 'value', property: 'P577', datatype: 'time', datavalue: { type: 'time', value: { time: '+2022-02-25T00:00:00Z', precision: 11, calendarmodel: 'http://www.wikidata.org/entity/Q1985727' } } });
    expect(date!.rank).toBe('normal');
    expect(date!.id).toMatch(new RegExp(`^${er.qid}\\$[0-9A-F]{8}-`));
    expect(date!.qualifiers!.P400!.map((q) => (q.datavalue.value as { id: string }).id)).toContain(WIKIDATA_PLATFORMS.ps5.qid);
    expect(e.claims.P1733![0]!.mainsnak).toMatchObject({ datatype: 'external-id', datavalue: { value: '1245620', type: 'string' } });
    expect(e.sitelinks.enwiki).toEqual({ site: 'enwiki', title: 'Elden Ring', badges: [] });
    const onlyEnglish = (await entities([er.qid], '&props=labels&languages=en')).entities[er.qid]!;
    expect(Object.keys(onlyEnglish.labels)).toEqual(['en']);
    expect(onlyEnglish.claims).toBeUndefined();
  });

  it('zeroes month and day below their precision, and answers too many ids, unknown ids and bad ids as the API does', async () => {
    const invaders = rev1.items.named['space-invaders']!.qid;
    const body = await entities([invaders, 'Q1']);
    expect(body.entities[invaders]!.claims.P577![0]!.mainsnak.datavalue.value).toMatchObject({ time: '+1978-00-00T00:00:00Z', precision: 9 });
    expect(body.entities.Q1).toEqual({ id: 'Q1', missing: '' });
    const tooMany = await fetch(`${double.apiUrl}?action=wbgetentities&format=json&ids=${Array.from({ length: 51 }, (_, i) => `Q${i + 1}`).join('|')}`, { headers: { 'user-agent': UA } });
    expect(tooMany.status).toBe(200);
    expect(tooMany.headers.get('mediawiki-api-error')).toBe('toomanyvalues');
    expect(((await tooMany.json()) as EntitiesJson).error).toMatchObject({ code: 'toomanyvalues', limit: 50 });
    expect((await entities(['banana'])).error?.code).toBe('no-such-entity');
  });
});

describe('revision 2', () => {
  beforeAll(() => double.replace(rev2.chunks()));
  afterAll(() => double.replace(rev1.chunks()));

  it('differs from revision 1 exactly as items says', async () => {
    expect(rev2.items.changed).toEqual(rev1.items.changed);
    const recent = await select(`SELECT ?i WHERE { ?i schema:dateModified ?m FILTER(?m > "${new Date(NOW.getTime() - 6 * 86_400_000).toISOString()}"^^xsd:dateTime) }`);
    expect(new Set(recent.map((b) => b.i!.value.split('/').pop()))).toEqual(new Set([...rev2.items.changed, ...rev2.items.added]));
    const [gone] = rev2.items.removed;
    expect(await select(`SELECT * WHERE { wd:${gone} ?p ?o }`)).toEqual([]);
    const { from, to } = rev2.items.redirected[0]!;
    expect(await select(`SELECT ?to WHERE { wd:${from} owl:sameAs ?to }`)).toEqual([{ to: { type: 'uri', value: `http://www.wikidata.org/entity/${to}` } }]);
    expect((await entities([from], '&props=info')).entities[from]).toMatchObject({ id: to, redirects: { from, to } });
    const fresh = await select(`SELECT ?i WHERE { ?i rdfs:label "${rev2.items.newTitle.label}"@en }`);
    expect(fresh.map((b) => b.i!.value.split('/').pop())).toEqual([rev2.items.newTitle.qid]);
    expect(rev1.items.named[rev2.items.newTitle.key]).toBeUndefined();
    const hk = rev2.items.named['hollow-knight']!.qid;
    const switchDate = await select(`SELECT ?d WHERE { wd:${hk} p:P577 [ ps:P577 ?d ; pq:P400 wd:${WIKIDATA_PLATFORMS.sw.qid} ] }`);
    expect(switchDate.map((b) => b.d!.value)).toEqual(['2018-06-12T00:00:00Z']);
    expect(rev2.items.named.hades!.genres).toContain('hack and slash');
    expect(rev2.items.named['elden-ring']!.modified).toBe(rev1.items.named['elden-ring']!.modified);
    expect(rev2.items.named['gta-vi']!.date! > rev1.items.named['gta-vi']!.date!).toBe(true);
  });
});

describe('scale', () => {
  it('generates a 110,000-item world quickly, with CATALOG.md distributions', () => {
    const started = performance.now();
    const fixture = wikidataFixture({ games: 110_000, now: NOW });
    let bytes = 0;
    for (const chunk of fixture.chunks()) bytes += chunk.length;
    const ms = Math.round(performance.now() - started);
    const s = fixture.items.stats;
    const pct = (n: number) => Math.round((100 * n) / s.items);
    console.warn(`wikidata fixture: ${fixture.items.total} items, ${(bytes / 1e6).toFixed(0)} MB of Turtle in ${ms} ms; ` +
      `date ${pct(s.withDate)} %, platform ${pct(s.withPlatform)} %, genre ${pct(s.withGenre)} %, IGDB ${pct(s.withIgdb)} %, Steam ${pct(s.withSteam)} %`);
    expect(fixture.items.total).toBe(110_000);
    expect(pct(s.withDate)).toBeCloseTo(85, -1);
    expect(pct(s.withSteam)).toBeCloseTo(56, -1);
  });
});
