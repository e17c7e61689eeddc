import { createHash } from 'node:crypto';
import oxigraph from 'oxigraph';
import type { Store, Term } from 'oxigraph';
import { GREGORIAN } from './wikidata-fixture.entities.js';
import { WIKIDATA_PREFIXES as NS } from './wikidata-fixture.rdf.js';

/*
 * The Action API's wbgetentities over the double's store: the entity JSON of
 * https://www.wikidata.org/w/api.php?action=wbgetentities built from the same
 * triples WDQS would hold (labels, aliases, descriptions, statements with
 * rank and qualifiers, time precision from the value node, sitelinks from
 * schema:Article nodes, info from schema:version/dateModified). Properties
 * that have only truthy (wdt:) triples get synthesized normal-rank claims.
 *
 * Answers as MediaWiki does: errors are HTTP 200 with {error:{code,info,*}}
 * and a MediaWiki-API-Error header; more than 50 ids is `toomanyvalues`
 * (the code today's API gives); an unknown id is {id, missing: ""}; a merged
 * item comes back under the id asked for, with `id` the target and
 * `redirects: {from, to}`; without format=json the answer is an HTML page
 * (MediaWiki's default jsonfm), which a client must not rely on.
 */

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const MAX_IDS = 50;
const ALL_PROPS = ['info', 'sitelinks', 'aliases', 'labels', 'descriptions', 'claims', 'datatype'];
/** Datatypes of the properties the fixture uses (the rest are inferred from the value). */
const DATATYPE: Record<string, string> = {
  P577: 'time', P5794: 'external-id', P1733: 'external-id', P2725: 'external-id', P1933: 'external-id',
};
const node = (iri: string) => oxigraph.namedNode(iri);
const XSD_DATETIME = `${NS.xsd}dateTime`;

function apiError(code: string, info: string, extra: Record<string, unknown> = {}): ApiAnswer {
  const body = { error: { code, info, ...extra, '*': 'See https://www.wikidata.org/w/api.php for API usage.' }, servedby: 'wikidata-double' };
  return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'mediawiki-api-error': code }, body: JSON.stringify(body) };
}

/** Wikidata's JSON time: "+2022-02-25T00:00:00Z", with month/day zeroed below their precision. */
function jsonTime(iso: string, precision: number): Record<string, unknown> {
  const [y, m, d] = [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10)];
  const time = `+${y}-${precision >= 10 ? m : '00'}-${precision >= 11 ? d : '00'}T00:00:00Z`;
  return { time, timezone: 0, before: 0, after: 0, precision, calendarmodel: GREGORIAN };
}

function snak(store: Store, property: string, value: Term, valueNode?: Term): Record<string, unknown> {
  let datavalue: { value: unknown; type: string };
  let datatype = DATATYPE[property];
  if (value.termType === 'NamedNode' && value.value.startsWith(NS.wd)) {
    const id = value.value.slice(NS.wd.length);
    datavalue = { value: { 'entity-type': 'item', 'numeric-id': Number(id.slice(1)), id }, type: 'wikibase-entityid' };
    datatype ??= 'wikibase-item';
  } else if (value.termType === 'Literal' && value.datatype.value === XSD_DATETIME) {
    const precision = valueNode ? Number(store.match(valueNode, node(`${NS.wikibase}timePrecision`), null, null)[0]?.object.value ?? 11) : 11;
    datavalue = { value: jsonTime(value.value, precision), type: 'time' };
    datatype ??= 'time';
  } else if (value.termType === 'Literal' && value.language) {
    datavalue = { value: { text: value.value, language: value.language }, type: 'monolingualtext' };
    datatype ??= 'monolingualtext';
  } else {
    datavalue = { value: value.value, type: 'string' };
    datatype ??= 'string';
  }
  const hash = createHash('sha1').update(`${property}|${JSON.stringify(datavalue)}`).digest('hex');
  return { snaktype: 'value', property, hash, datavalue, datatype };
}

function claimsOf(store: Store, quads: ReturnType<Store['match']>, id: string): Record<string, unknown[]> {
  const claims: Record<string, unknown[]> = {};
  const withStatements = new Set<string>();
  for (const q of quads) {
    if (!q.predicate.value.startsWith(NS.p) || q.predicate.value.startsWith(NS.ps) || q.predicate.value.startsWith(NS.psv) || q.predicate.value.startsWith(NS.pq)) continue;
    const property = q.predicate.value.slice(NS.p.length);
    if (!/^P\d+$/.test(property)) continue;
    withStatements.add(property);
    const statement = store.match(q.object, null, null, null);
    const main = statement.find((s) => s.predicate.value === `${NS.ps}${property}`);
    if (!main) continue;
    const valueNode = statement.find((s) => s.predicate.value === `${NS.psv}${property}`)?.object;
    const rank = statement.find((s) => s.predicate.value === `${NS.wikibase}rank`)?.object.value.replace(NS.wikibase, '') ?? 'NormalRank';
    const qualifiers: Record<string, unknown[]> = {};
    for (const s of statement.filter((s) => s.predicate.value.startsWith(NS.pq))) {
      const qp = s.predicate.value.slice(NS.pq.length);
      (qualifiers[qp] ??= []).push(snak(store, qp, s.object));
    }
    const guid = q.object.value.slice(NS.wds.length).replace(/^(Q\d+)-/i, '$1$');
    (claims[property] ??= []).push({
      mainsnak: snak(store, property, main.object, valueNode),
      type: 'statement',
      ...(Object.keys(qualifiers).length ? { qualifiers, 'qualifiers-order': Object.keys(qualifiers) } : {}),
      id: guid,
      rank: rank.replace('Rank', '').toLowerCase(),
    });
  }
  // Truthy-only properties (filler written without statement nodes): one normal-rank claim per value.
  for (const q of quads) {
    if (!q.predicate.value.startsWith(NS.wdt)) continue;
    const property = q.predicate.value.slice(NS.wdt.length);
    if (withStatements.has(property)) continue;
    const mainsnak = snak(store, property, q.object);
    const uuid = createHash('sha1').update(`${id}|${property}|${q.object.value}`).digest('hex').toUpperCase();
    const guid = `${id}$${uuid.slice(0, 8)}-${uuid.slice(8, 12)}-${uuid.slice(12, 16)}-${uuid.slice(16, 20)}-${uuid.slice(20, 32)}`;
    (claims[property] ??= []).push({ mainsnak, type: 'statement', id: guid, rank: 'normal' });
  }
  return claims;
}

function entity(store: Store, id: string, props: Set<string>, languages: Set<string> | null): Record<string, unknown> | null {
  const subject = node(NS.wd + id);
  const quads = store.match(subject, null, null, null);
  if (quads.length === 0) return null;
  const same = quads.find((q) => q.predicate.value === `${NS.owl}sameAs`);
  if (same && quads.length === 1) {
    const to = same.object.value.slice(NS.wd.length);
    const target = entity(store, to, props, languages);
    return target && { ...target, redirects: { from: id, to } };
  }
  const out: Record<string, unknown> = { type: 'item', id };
  const lang = (text: Term) => (text.termType === 'Literal' ? text.language : '');
  const wanted = (text: Term) => languages === null || languages.has(lang(text));
  const pick = (predicate: string) => quads.filter((q) => q.predicate.value === predicate && wanted(q.object));
  if (props.has('info')) {
    const version = quads.find((q) => q.predicate.value === `${NS.schema}version`)?.object.value;
    const modified = quads.find((q) => q.predicate.value === `${NS.schema}dateModified`)?.object.value;
    Object.assign(out, { pageid: Number(id.slice(1)) % 2_147_483_647, ns: 0, title: id, lastrevid: Number(version ?? 0), modified });
  }
  if (props.has('labels')) out.labels = Object.fromEntries(pick(`${NS.rdfs}label`).map((q) => [lang(q.object), { language: lang(q.object), value: q.object.value }]));
  if (props.has('descriptions')) {
    out.descriptions = Object.fromEntries(pick(`${NS.schema}description`).map((q) => [lang(q.object), { language: lang(q.object), value: q.object.value }]));
  }
  if (props.has('aliases')) {
    const aliases: Record<string, unknown[]> = {};
    for (const q of pick(`${NS.skos}altLabel`)) (aliases[lang(q.object)] ??= []).push({ language: lang(q.object), value: q.object.value });
    out.aliases = aliases;
  }
  if (props.has('claims')) out.claims = claimsOf(store, quads, id);
  if (props.has('sitelinks') || props.has('sitelinks/urls')) {
    const sitelinks: Record<string, unknown> = {};
    for (const article of store.match(null, node(`${NS.schema}about`), subject, null)) {
      const facts = store.match(article.subject, null, null, null);
      const wiki = facts.find((f) => f.predicate.value === `${NS.schema}isPartOf`)?.object.value ?? '';
      const title = facts.find((f) => f.predicate.value === `${NS.schema}name`)?.object.value ?? '';
      const site = /^https:\/\/([a-z-]+)\.wikipedia\.org\/$/.exec(wiki)?.[1]?.replace(/-/g, '_');
      if (!site) continue;
      sitelinks[`${site}wiki`] = { site: `${site}wiki`, title, badges: [], ...(props.has('sitelinks/urls') ? { url: article.subject.value } : {}) };
    }
    out.sitelinks = sitelinks;
  }
  return out;
}

/** Answers /w/api.php for the given (merged query-string and form) parameters. */
export function actionApi(store: Store, params: URLSearchParams): ApiAnswer {
  const action = params.get('action');
  if (action !== 'wbgetentities') return apiError('badvalue', `Unrecognized value for parameter "action": ${action ?? ''}.`);
  const raw = params.get('ids');
  if (!raw) return apiError('param-missing', 'Either provide the item "ids" or pairs of "sites" and "titles" for corresponding pages');
  const ids = raw.split('|').filter(Boolean);
  if (ids.length > MAX_IDS) {
    return apiError('toomanyvalues', `Too many values supplied for parameter "ids". The limit is ${MAX_IDS}.`, { parameter: 'ids', limit: MAX_IDS, lowlimit: MAX_IDS, highlimit: 500 });
  }
  const bad = ids.find((id) => !/^[QP]\d+$/i.test(id));
  if (bad) return apiError('no-such-entity', `Could not find an entity with the ID "${bad}".`, { id: bad });
  const props = new Set(params.get('props')?.split('|') ?? ALL_PROPS);
  const languages = params.get('languages') ? new Set(params.get('languages')!.split('|')) : null;
  const entities: Record<string, unknown> = {};
  for (const asked of ids) {
    const id = asked.toUpperCase();
    entities[id] = entity(store, id, props, languages) ?? { id, missing: '' };
  }
  const json = JSON.stringify({ entities, success: 1 });
  if (params.get('format') !== 'json') {
    const html = json.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: `<!DOCTYPE html><html><body><pre>${html}</pre></body></html>` };
  }
  return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: json };
}
