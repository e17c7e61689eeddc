import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerReadsFirst } from './reads-first.js';

describe('registerReadsFirst', () => {
  it('answers the reads that came in the same turn before the writes, each in the order it came', async () => {
    const app = Fastify();
    registerReadsFirst(app);
    const handled: string[] = [];
    app.get('/read/:n', async (req) => void handled.push(`read ${(req.params as { n: string }).n}`));
    app.post('/write/:n', async (req) => void handled.push(`write ${(req.params as { n: string }).n}`));
    app.delete('/write/:n', async (req) => void handled.push(`delete ${(req.params as { n: string }).n}`));
    await app.ready();

    const answers = await Promise.all([
      app.inject({ method: 'POST', url: '/write/1' }),
      app.inject({ method: 'GET', url: '/read/1' }),
      app.inject({ method: 'DELETE', url: '/write/2' }),
      app.inject({ method: 'GET', url: '/read/2' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(handled).toEqual(['read 1', 'read 2', 'write 1', 'delete 2']);

    // A read that comes after a write was answered is simply answered after it.
    handled.length = 0;
    await app.inject({ method: 'POST', url: '/write/3' });
    await app.inject({ method: 'GET', url: '/read/3' });
    expect(handled).toEqual(['write 3', 'read 3']);
    await app.close();
  });
});
