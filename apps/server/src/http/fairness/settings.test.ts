import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_READS_PER_MINUTE, DEFAULT_SEARCH_PER_MINUTE, DEFAULT_SHED_DB_WAIT_MS, DEFAULT_SHED_EVENT_LOOP_DELAY_MS, loadConfig } from '../../config.js';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('the budgets’ and load shedding’s settings', () => {
  it('default to budgets no person meets and shedding a queue twice the pool whose oldest query waited 50 ms', () => {
    expect(loadConfig({}).fairness).toEqual({
      budgets: { readsPerMinute: DEFAULT_READS_PER_MINUTE, searchPerMinute: DEFAULT_SEARCH_PER_MINUTE },
      shedding: { maxLoopLagMs: DEFAULT_SHED_EVENT_LOOP_DELAY_MS, maxDbQueue: 20, maxDbWaitMs: DEFAULT_SHED_DB_WAIT_MS },
    });
    expect(DEFAULT_SHED_DB_WAIT_MS).toBe(50);
    expect(loadConfig({ DB_POOL_MAX: '25' }).fairness.shedding.maxDbQueue).toBe(50);
  });

  it('takes whole numbers, 0 turning a setting off', () => {
    const env = { RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_SEARCH_PER_MINUTE: ' 90 ', SHED_EVENT_LOOP_DELAY_MS: '0', SHED_DB_QUEUE: '7', SHED_DB_WAIT_MS: '0' };
    expect(loadConfig(env).fairness).toEqual({ budgets: { readsPerMinute: 0, searchPerMinute: 90 }, shedding: { maxLoopLagMs: 0, maxDbQueue: 7, maxDbWaitMs: 0 } });
  });

  it('refuses anything else, naming the variable', () => {
    expect(problems({ RATE_LIMIT_READS_PER_MINUTE: 'lots' })).toEqual(['RATE_LIMIT_READS_PER_MINUTE must be a whole number from 0 to 1,000,000 (0 turns it off)']);
    expect(problems({ RATE_LIMIT_SEARCH_PER_MINUTE: '-1' })).toEqual(['RATE_LIMIT_SEARCH_PER_MINUTE must be a whole number from 0 to 1,000,000 (0 turns it off)']);
    expect(problems({ SHED_EVENT_LOOP_DELAY_MS: '2.5' })).toEqual(['SHED_EVENT_LOOP_DELAY_MS must be a whole number from 0 to 60,000 (0 turns it off)']);
    expect(problems({ SHED_DB_QUEUE: '1e9' })).toEqual(['SHED_DB_QUEUE must be a whole number from 0 to 100,000 (0 turns it off)']);
    expect(problems({ SHED_DB_WAIT_MS: 'soon' })).toEqual(['SHED_DB_WAIT_MS must be a whole number from 0 to 60,000 (0 turns it off)']);
  });
});
