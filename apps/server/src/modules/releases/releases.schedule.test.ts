import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { workCatalogSync, type ScheduledSource } from '../catalog-sync/sync.job.js';
import type { JobQueue } from '../jobs/jobs.queue.js';
import { RELEASE_ALERTS_CRON, RELEASE_ALERTS_JOB, sendReleaseAlerts, workReleaseAlerts, type ReleaseAlerts } from './releases.alerts.js';

/** A queue that records what is sent, scheduled and worked, and runs a handler when told. */
function recordingQueue() {
  const handlers = new Map<string, () => Promise<void>>();
  const sent: string[] = [];
  const schedules: [string, string][] = [];
  const queue = {
    work: async (name: string, handler: () => Promise<void>) => void handlers.set(name, handler),
    schedule: async (name: string, cron: string) => void schedules.push([name, cron]),
    send: async (name: string) => (sent.push(name), 'id'),
  } as unknown as JobQueue;
  return { queue, handlers, sent, schedules };
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

describe('when release alerts run', () => {
  it('every 15 minutes, and after each catalog sync that finished', async () => {
    const { queue, handlers, sent, schedules } = recordingQueue();
    let passes = 0;
    await workReleaseAlerts(queue, { run: async () => ++passes } as ReleaseAlerts);
    expect(schedules).toContainEqual([RELEASE_ALERTS_JOB, RELEASE_ALERTS_CRON]);
    await handlers.get(RELEASE_ALERTS_JOB)!();
    expect(passes).toBe(1);

    const source: ScheduledSource = {
      job: 'fake.sync',
      name: 'Fake',
      cron: '0 3 * * *',
      firstRunDelayMs: 3_600_000,
      status: { scheduled: async () => undefined, read: async () => ({ nextRunAt: null }) } as unknown as ScheduledSource['status'],
      start: async () => ({ run: {} as never, done: Promise.resolve({} as never) }),
    };
    const stop = await workCatalogSync(queue, source, silent, { afterRun: () => sendReleaseAlerts(queue) });
    sent.length = 0;
    await handlers.get('fake.sync')!();
    expect(sent).toEqual([RELEASE_ALERTS_JOB]);
    await stop();
  });
});
