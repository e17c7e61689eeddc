import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { API_MESSAGES } from '@vgl/shared';
import { AppError } from '../../http/errors.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../http/json-body.js';

/*
 * The import routes' JSON body ({ csv, format, picks, skipInvalid }) holds a whole file: up to
 * 32 MB of CSV, twice that as JSON. JSON.parse of such a body holds the
 * event loop for ~60 ms and decoding it as UTF-8 for ~20 more, so a body
 * past INLINE_BYTES is parsed in a worker thread: its bytes are moved there
 * (not copied), and only its fields come back (copying the csv string
 * back costs a few milliseconds). Smaller bodies are parsed where they are.
 * The bytes are gathered into one buffer as they arrive (Fastify's own
 * reader joins them at the end, a 30 ms copy).
 */

/** Bodies up to this size are parsed on the event loop (about 2 ms). */
export const INLINE_BYTES = 1024 * 1024;

const invalidJson = () => new AppError(400, 'invalid_json', API_MESSAGES.invalidJson);
const tooLarge = () => new AppError(413, 'payload_too_large', API_MESSAGES.payloadTooLarge);

/**
 * The body's bytes, at most `limit` of them (after decompression, when the
 * body came gzipped), copied into one buffer as they arrive: sized by
 * Content-Length when the body is not compressed, else grown by doubling.
 */
export function readBody(payload: Readable, limit: number, contentLength: number | undefined): Promise<Buffer> {
  if (contentLength !== undefined && contentLength > limit) return Promise.reject(tooLarge());
  let buffer = Buffer.allocUnsafeSlow(contentLength ?? 64 * 1024);
  let length = 0;
  return new Promise((resolve, reject) => {
    // Like Fastify's own reader: on a problem, stop listening and answer; Node discards the rest of the body.
    const stop = (error?: Error) => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', stop);
      if (error) reject(error);
    };
    const onEnd = () => {
      stop();
      resolve(buffer.subarray(0, length));
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (length + bytes.length > limit) return stop(tooLarge());
      if (length + bytes.length > buffer.length) {
        const grown = Buffer.allocUnsafeSlow(Math.min(limit, Math.max(buffer.length * 2, length + bytes.length)));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      bytes.copy(buffer, length);
      length += bytes.length;
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', stop);
    // A decompressing stream comes paused.
    payload.resume();
  });
}

/** The fields of the import bodies (a file's, or a Steam profile's); anything else the schema would drop anyway. */
const FIELDS = ['csv', 'format', 'picks', 'skipInvalid', 'profile'] as const;

/** The body the import routes validate: only its fields. */
function importFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(FIELDS.flatMap((field) => (record[field] === undefined ? [] : [[field, record[field]]])));
}

// CommonJS, evaluated: no module of ours to load (tests run the TypeScript sources); the depth check is
// json-body.ts's own function, its source carried over.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const jsonDepthExceeds = ${jsonDepthExceeds.toString()};
const text = Buffer.from(workerData.bytes, 0, workerData.length).toString('utf8');
let value;
let invalid = false;
if (jsonDepthExceeds(text, ${MAX_JSON_DEPTH})) {
  parentPort.postMessage({ tooDeep: true });
} else {
  try {
    value = JSON.parse(text);
  } catch {
    invalid = true;
  }
  if (typeof value === 'object' && value !== null) value = Array.isArray(value) ? [] : { csv: value.csv, format: value.format, picks: value.picks, skipInvalid: value.skipInvalid };
  parentPort.postMessage(invalid ? { invalid } : { value });
}
`;

const tooDeep = () => new AppError(400, 'body_too_deep', API_MESSAGES.bodyTooDeep(MAX_JSON_DEPTH));

function parseInWorker(body: Buffer): Promise<unknown> {
  // Moving the bytes needs a buffer of their own (readBody's is one).
  const own = body.byteOffset === 0 && !(body.buffer instanceof SharedArrayBuffer) ? body : Buffer.from(body);
  const bytes = own.buffer as ArrayBuffer;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { bytes, length: own.length },
      transferList: [bytes],
      // A 64 MB body of two-byte characters needs ~400 MB to parse; more is not a body we took.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: false,
      stderr: false,
    });
    worker.once('message', (message: { invalid?: true; tooDeep?: true; value?: unknown }) => {
      if (message.tooDeep) reject(tooDeep());
      else if (message.invalid) reject(invalidJson());
      else resolve(importFields(message.value));
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLarge() : error);
    });
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The JSON worker stopped with code ${code}`));
    });
  });
}

/** Parses an import body (UTF-8 JSON) without holding the event loop for long. */
export async function parseImportBody(body: Buffer): Promise<unknown> {
  if (body.length === 0) throw invalidJson();
  if (body.length <= INLINE_BYTES) {
    const text = body.toString('utf8');
    // Bounded before parsing: a body nested a million levels deep overflowed the stack on its way to the validators.
    if (jsonDepthExceeds(text)) throw tooDeep();
    try {
      return importFields(JSON.parse(text));
    } catch {
      throw invalidJson();
    }
  }
  return parseInWorker(body);
}
