// The yardstick of bench:hot: Fastify 5 with no plugins answering a small
// JSON object, on the port given, as fast as this machine serves anything.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.send?.('ready');
