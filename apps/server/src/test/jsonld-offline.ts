import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import jsonld from 'jsonld';

const require = createRequire(import.meta.url);

/**
 * JSON-LD expansion with the `jsonld` library (not Fedify's parser), offline:
 * the context documents the activities name (W3C's activitystreams, W3ID's
 * security vocabularies) are served from the published copies Fedify ships
 * for the same reason. Only those documents are taken from it; a context
 * with no copy fails the expansion, loudly.
 */
type ContextDocument = Parameters<typeof jsonld.expand>[0];
let contexts: Promise<Record<string, ContextDocument>> | undefined;
const publishedContexts = () => {
  const nodeModules = path.resolve(path.dirname(require.resolve('jsonld')), '../..');
  contexts ??= import(pathToFileURL(path.join(nodeModules, '@fedify/fedify/esm/runtime/contexts.js')).href).then((m: { default: Record<string, ContextDocument> }) => m.default);
  return contexts;
};

export async function expandJsonLd(document: object): Promise<object[]> {
  const known = await publishedContexts();
  const documentLoader = async (url: string) => {
    const context = known[url];
    if (!context) throw new Error(`no offline copy of the JSON-LD context ${url}`);
    return { contextUrl: undefined, document: context, documentUrl: url };
  };
  return jsonld.expand(document as ContextDocument, { documentLoader: documentLoader as never });
}
