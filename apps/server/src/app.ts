import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerSpa } from './http/spa.js';
import { healthRoutes } from './modules/health/health.routes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, from both src/ (tests) and dist/ (production). */
export const DEFAULT_WEB_ROOT = path.resolve(here, '../../web/dist');
const VERSION = (JSON.parse(fs.readFileSync(path.resolve(here, '../package.json'), 'utf8')) as { version: string }).version;

export interface AppDeps {
  config: Config;
  db: Db;
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

export function loggerOptions(level: Config['logLevel']): FastifyServerOptions['logger'] {
  return { level, redact: ['req.headers.authorization', 'req.headers.cookie'] };
}

export async function buildApp({ config, db, webRoot = DEFAULT_WEB_ROOT, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    genReqId: () => randomUUID(),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const secure = config.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://images.igdb.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense (and only works) behind https.
    strictTransportSecurity: secure ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  });

  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 costs ~100 ms per response; 5 keeps most of the gain for dynamic bodies.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'VGL API', description: 'Track Your Gaming Journey', version: VERSION } },
    transform: jsonSchemaTransform,
  });

  app.addHook('onClose', async () => {
    await db.destroy();
  });

  await app.register(healthRoutes(db, VERSION));
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerSpa(app, { webRoot, uploadsDir: path.join(config.dataDir, 'uploads'), publicUrl: config.publicUrl });
  return app;
}
