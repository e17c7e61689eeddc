import { describe, expect, it } from 'vitest';
import { INSTANCE_MESSAGES, normaliseDomain } from './federation.js';

describe('normaliseDomain: a remote server’s domain as a rule stores it', () => {
  it('lower-cases, trims, drops a final dot and writes other scripts in punycode', () => {
    expect(normaliseDomain('  Mastodon.Social. ')).toEqual({ domain: 'mastodon.social' });
    expect(normaliseDomain('bücher.example')).toEqual({ domain: 'xn--bcher-kva.example' });
    expect(normaliseDomain('XN--BCHER-KVA.example')).toEqual({ domain: 'xn--bcher-kva.example' });
    expect(normaliseDomain('203.0.113.7')).toEqual({ domain: '203.0.113.7' });
  });

  it('refuses a URL, a path, a port or a handle, saying to type the domain only', () => {
    for (const typed of ['https://spam.example', 'spam.example/', 'spam.example:443', '@bob@spam.example', 'spam example', 'spam.example?x']) {
      expect(normaliseDomain(typed), typed).toEqual({ error: INSTANCE_MESSAGES.domainOnly });
    }
  });

  it('refuses what is no domain name of a server elsewhere', () => {
    for (const typed of ['localhost', 'example', '-spam.example', 'spam-.example', 'sp_am.example', 'spam..example', '10.0.0', '999.1.1.1', '*.spam.example']) {
      expect(normaliseDomain(typed), typed).toEqual({ error: INSTANCE_MESSAGES.domainInvalid });
    }
    expect(normaliseDomain('')).toEqual({ error: INSTANCE_MESSAGES.domainMissing });
    expect(normaliseDomain(`${'a.'.repeat(130)}example`)).toEqual({ error: INSTANCE_MESSAGES.domainTooLong });
  });
});
