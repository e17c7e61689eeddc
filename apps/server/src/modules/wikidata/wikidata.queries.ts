/**
 * The SPARQL the Wikidata source sends. Standard SPARQL 1.1 only (no WDQS
 * label service, no hints), so any endpoint serving Wikidata answers it:
 * WDQS, QLever, a mirror, the tests' double. Every query is bounded (a page
 * of the listing, or a VALUES list of a batch of items) so none comes near
 * WDQS's 60-second limit.
 */

export const ENTITY = 'http://www.wikidata.org/entity/';

const PREFIXES = `PREFIX wd: <http://www.wikidata.org/entity/>
PREFIX wdt: <http://www.wikidata.org/prop/direct/>
PREFIX p: <http://www.wikidata.org/prop/>
PREFIX ps: <http://www.wikidata.org/prop/statement/>
PREFIX psv: <http://www.wikidata.org/prop/statement/value/>
PREFIX pq: <http://www.wikidata.org/prop/qualifier/>
PREFIX wikibase: <http://wikiba.se/ontology#>
PREFIX schema: <http://schema.org/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX owl: <http://www.w3.org/2002/07/owl#>
`;

/** Item classes (P31) the source reads: video games, and what hangs off one (kept as its related items). */
export const CLASSES = {
  game: 'Q7889',
  expansion: 'Q209163',
  dlc: 'Q1066707',
  mod: 'Q865493',
  compilation: 'Q16070115',
} as const;

/** Only Q-ids ever go into a query: they come from the endpoint's answers, and are checked all the same. */
const QID = /^Q[1-9]\d{0,11}$/;
const values = (qids: string[]) => {
  for (const q of qids) if (!QID.test(q)) throw new Error(`Not a Wikidata item id: ${q}`);
  return qids.map((q) => `wd:${q}`).join(' ');
};

/**
 * A page of the listing: items of the classes above, with the time each
 * was last edited, after `after` in the order of their IRIs. A keyset, not
 * an offset: items added or edited while the run pages never shift a page.
 */
export function listPage(after: string | null, limit: number): string {
  const from = after ? `\n  FILTER(STR(?item) > "${ENTITY}${after.replace(/[^Q0-9]/g, '')}")` : '';
  return `${PREFIXES}SELECT DISTINCT ?item ?modified WHERE {
  VALUES ?class { ${Object.values(CLASSES)
    .map((c) => `wd:${c}`)
    .join(' ')} }
  ?item wdt:P31 ?class ;
        schema:dateModified ?modified .${from}
}
ORDER BY STR(?item)
LIMIT ${limit}`;
}

/** Direct properties read for every item, and the name each fact goes by in the answer. */
export const DIRECT_FACTS = {
  P31: 'class',
  P400: 'platform',
  P136: 'genre',
  P178: 'developer',
  P123: 'publisher',
  P179: 'series',
  P8646: 'expansionOf',
  P361: 'partOf',
  P5794: 'igdb',
  P1733: 'steam',
  P2725: 'gog',
  P1933: 'mobygames',
} as const;

/**
 * Everything the catalog takes from a batch of items, one fact a row (a
 * UNION, so no fact multiplies another): English label, aliases and
 * description, sitelinks, last edit, publication dates with their platform
 * qualifier and precision (deprecated ones left out), and the direct
 * properties above.
 */
export function itemFacts(qids: string[]): string {
  const direct = Object.entries(DIRECT_FACTS)
    .map(([prop, fact]) => `(wdt:${prop} "${fact}")`)
    .join(' ');
  return `${PREFIXES}SELECT ?item ?fact ?value ?platform ?precision ?rank WHERE {
  VALUES ?item { ${values(qids)} }
  {
    ?item rdfs:label ?value . FILTER(LANG(?value) = "en" || LANG(?value) = "mul") BIND("label" AS ?fact)
  } UNION {
    ?item skos:altLabel ?value . FILTER(LANG(?value) = "en") BIND("alias" AS ?fact)
  } UNION {
    ?item schema:description ?value . FILTER(LANG(?value) = "en") BIND("description" AS ?fact)
  } UNION {
    ?item wikibase:sitelinks ?value . BIND("sitelinks" AS ?fact)
  } UNION {
    ?item schema:dateModified ?value . BIND("modified" AS ?fact)
  } UNION {
    ?item p:P577 ?statement .
    ?statement ps:P577 ?value ; wikibase:rank ?rank .
    FILTER(?rank != wikibase:DeprecatedRank)
    OPTIONAL { ?statement pq:P400 ?platform }
    OPTIONAL { ?statement psv:P577 ?time . ?time wikibase:timePrecision ?precision }
    BIND("date" AS ?fact)
  } UNION {
    VALUES (?property ?fact) { ${direct} }
    ?item ?property ?value .
  }
}`;
}

/** English labels (or the language-neutral "mul" ones) of the items games point at: platforms, genres, companies, series. */
export function labels(qids: string[]): string {
  return `${PREFIXES}SELECT ?item ?label WHERE {
  VALUES ?item { ${values(qids)} }
  ?item rdfs:label ?label .
  FILTER(LANG(?label) = "en" || LANG(?label) = "mul")
}`;
}

/** Items merged into another: Wikidata leaves the old id as a redirect (owl:sameAs the one it now is). */
export function redirects(qids: string[]): string {
  return `${PREFIXES}SELECT ?item ?target WHERE {
  VALUES ?item { ${values(qids)} }
  ?item owl:sameAs ?target .
}`;
}

/** "http://www.wikidata.org/entity/Q42" → "Q42"; anything else → undefined. */
export function qidOf(iri: string | undefined): string | undefined {
  if (!iri?.startsWith(ENTITY)) return undefined;
  const id = iri.slice(ENTITY.length);
  return QID.test(id) ? id : undefined;
}
