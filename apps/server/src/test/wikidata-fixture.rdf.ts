import { GREGORIAN, type RefEntity } from './wikidata-fixture.entities.js';

/*
 * Writes items as WDQS holds them (https://www.mediawiki.org/wiki/Wikibase/Indexing/RDF_Dump_Format):
 *
 *   wd:Q1 rdfs:label "…"@en ; skos:altLabel "…"@en ; schema:description "…"@en ;
 *     schema:version "…"^^xsd:integer ; schema:dateModified "…"^^xsd:dateTime ;
 *     wikibase:sitelinks "N"^^xsd:integer ;
 *     wdt:P577 "2022-02-25T00:00:00Z"^^xsd:dateTime ;          truthy: best-rank values only
 *     p:P577 wds:Q1-<UUID> .
 *   wds:Q1-<UUID> ps:P577 "…"^^xsd:dateTime ; psv:P577 wdv:<hash> ;
 *     wikibase:rank wikibase:NormalRank ; a wikibase:BestRank ; pq:P400 wd:Q1406 .
 *   wdv:<hash> a wikibase:TimeValue ; wikibase:timeValue "…"^^xsd:dateTime ;
 *     wikibase:timePrecision "11"^^xsd:integer ; wikibase:timeTimezone "0"^^xsd:integer ;
 *     wikibase:timeCalendarModel wd:Q1985727 .
 *   <https://en.wikipedia.org/wiki/…> a schema:Article ; schema:about wd:Q1 ;
 *     schema:inLanguage "en" ; schema:isPartOf <https://en.wikipedia.org/> ; schema:name "…"@en .
 *   wd:Qold owl:sameAs wd:Qnew .                                 a merged (redirected) item
 *
 * Left out, as WDQS's loader leaves them out or to keep 110k items loadable:
 * `a wikibase:Item`/`a wikibase:Statement`, skos:prefLabel/schema:name
 * copies of labels, references (prov:wasDerivedFrom), normalized values.
 * Year-precision dates are stored as YYYY-01-01, month precision as YYYY-MM-01.
 */

export const WIKIDATA_PREFIXES = {
  wd: 'http://www.wikidata.org/entity/',
  wdt: 'http://www.wikidata.org/prop/direct/',
  p: 'http://www.wikidata.org/prop/',
  ps: 'http://www.wikidata.org/prop/statement/',
  psv: 'http://www.wikidata.org/prop/statement/value/',
  pq: 'http://www.wikidata.org/prop/qualifier/',
  wds: 'http://www.wikidata.org/entity/statement/',
  wdv: 'http://www.wikidata.org/value/',
  wikibase: 'http://wikiba.se/ontology#',
  schema: 'http://schema.org/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  owl: 'http://www.w3.org/2002/07/owl#',
} as const;

export type Value = { item: string } | { str: string } | { time: string; precision: 9 | 10 | 11 };
export type Rank = 'normal' | 'preferred' | 'deprecated';
export interface Claim {
  prop: string;
  value: Value;
  rank: Rank;
  qualifiers: [prop: string, value: Value][];
}
export interface ItemRecord {
  qid: string;
  labels: [lang: string, text: string][];
  aliases: string[];
  description?: string;
  claims: Claim[];
  /** Write every claim as a statement node too (P577 always is). */
  full: boolean;
  sitelinks: number;
  enwiki?: string;
  modified: string;
  version: number;
}

/** 32-bit FNV-1a, then a xorshift stream: deterministic hex of any length for ids and hashes. */
export function hexOf(text: string, length: number): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  let out = '';
  while (out.length < length) {
    h ^= h << 13;
    h ^= h >>> 17;
    h ^= h << 5;
    h >>>= 0;
    out += h.toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
}

/** A statement GUID as Wikidata writes it after the item id: 8-4-4-4-12 upper-case hex. */
export function statementUuid(seed: string): string {
  const h = hexOf(seed, 32).toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const RANK_IRI: Record<Rank, string> = { normal: 'wikibase:NormalRank', preferred: 'wikibase:PreferredRank', deprecated: 'wikibase:DeprecatedRank' };

export function literal(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`;
}

function term(value: Value): string {
  if ('item' in value) return `wd:${value.item}`;
  if ('str' in value) return literal(value.str);
  return `"${value.time}"^^xsd:dateTime`;
}

export class TurtleWriter {
  private readonly values = new Set<string>();

  header(): string {
    return Object.entries(WIKIDATA_PREFIXES)
      .map(([prefix, iri]) => `@prefix ${prefix}: <${iri}> .\n`)
      .join('');
  }

  /** A referenced entity: labels, plus `extra` predicate-object pairs (e.g. P31 of a series). */
  entity(ref: RefEntity, extra = ''): string {
    const other = ref.other ? ` , ${literal(ref.other[1])}@${ref.other[0]}` : '';
    return `wd:${ref.qid} rdfs:label ${literal(ref.label)}@en${other}${extra} .\n`;
  }

  redirect(from: string, to: string): string {
    return `wd:${from} owl:sameAs wd:${to} .\n`;
  }

  item(rec: ItemRecord): string {
    const out: string[] = [];
    const head: string[] = rec.labels.map(([lang, text]) => `rdfs:label ${literal(text)}@${lang}`);
    for (const alias of rec.aliases) head.push(`skos:altLabel ${literal(alias)}@en`);
    if (rec.description) head.push(`schema:description ${literal(rec.description)}@en`);
    head.push(`schema:version "${rec.version}"^^xsd:integer`, `schema:dateModified "${rec.modified}"^^xsd:dateTime`);
    head.push(`wikibase:sitelinks "${rec.sitelinks}"^^xsd:integer`);
    const byProp = new Map<string, Claim[]>();
    for (const claim of rec.claims) byProp.set(claim.prop, [...(byProp.get(claim.prop) ?? []), claim]);
    const statements: string[] = [];
    for (const [prop, claims] of byProp) {
      // Truthy triples carry the best rank only: preferred if there is any, else normal; never deprecated.
      const best: Rank = claims.some((c) => c.rank === 'preferred') ? 'preferred' : 'normal';
      const truthy = new Set(claims.filter((c) => c.rank === best).map((c) => term(c.value)));
      for (const t of truthy) head.push(`wdt:${prop} ${t}`);
      if (!rec.full && prop !== 'P577') continue;
      claims.forEach((claim, i) => {
        const id = `wds:${rec.qid}-${statementUuid(`${rec.qid}|${prop}|${i}|${term(claim.value)}`)}`;
        head.push(`p:${prop} ${id}`);
        const parts = [`ps:${prop} ${term(claim.value)}`, `wikibase:rank ${RANK_IRI[claim.rank]}`];
        if (claim.rank === best) parts.push('a wikibase:BestRank');
        if ('time' in claim.value) parts.push(`psv:${prop} wdv:${this.timeValue(claim.value, out)}`);
        for (const [q, v] of claim.qualifiers) parts.push(`pq:${q} ${term(v)}`);
        statements.push(`${id} ${parts.join(' ;\n  ')} .\n`);
      });
    }
    out.push(`wd:${rec.qid} ${head.join(' ;\n  ')} .\n`, ...statements);
    if (rec.enwiki) {
      const page = encodeURIComponent(rec.enwiki.replace(/ /g, '_')).replace(/%3A/g, ':').replace(/%2C/g, ',');
      out.push(
        `<https://en.wikipedia.org/wiki/${page}> a schema:Article ; schema:about wd:${rec.qid} ; schema:inLanguage "en" ;\n` +
          `  schema:isPartOf <https://en.wikipedia.org/> ; schema:name ${literal(rec.enwiki)}@en .\n`,
      );
    }
    return out.join('');
  }

  /** The full value node of a time, written once per distinct value (its IRI is a hash of the value, as in Wikidata). */
  private timeValue(value: { time: string; precision: number }, out: string[]): string {
    const hash = hexOf(`${value.time}|${value.precision}`, 32);
    if (!this.values.has(hash)) {
      this.values.add(hash);
      out.push(
        `wdv:${hash} a wikibase:TimeValue ; wikibase:timeValue "${value.time}"^^xsd:dateTime ; ` +
          `wikibase:timePrecision "${value.precision}"^^xsd:integer ; wikibase:timeTimezone "0"^^xsd:integer ; ` +
          `wikibase:timeCalendarModel <${GREGORIAN}> .\n`,
      );
    }
    return hash;
  }
}
