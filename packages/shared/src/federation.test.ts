import { describe, expect, it } from 'vitest';
import { FOLLOWING_MESSAGES, INSTANCE_MESSAGES, normaliseDomain, parseRemoteAccount } from './federation.js';

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

describe('parseRemoteAccount: whom a member typed to follow elsewhere', () => {
  it('reads @name@host and name@host as one handle, the host lower-cased and in punycode', () => {
    expect(parseRemoteAccount(' @Alice@Mastodon.Social ')).toEqual({ handle: '@Alice@mastodon.social', host: 'mastodon.social' });
    expect(parseRemoteAccount('alice@mastodon.social')).toEqual({ handle: '@alice@mastodon.social', host: 'mastodon.social' });
    expect(parseRemoteAccount('zoë@bücher.example')).toEqual({ error: FOLLOWING_MESSAGES.accountInvalid });
    expect(parseRemoteAccount('zoe@bücher.example')).toEqual({ handle: '@zoe@xn--bcher-kva.example', host: 'xn--bcher-kva.example' });
    expect(parseRemoteAccount('bob@vgl.example:8443')).toEqual({ handle: '@bob@vgl.example:8443', host: 'vgl.example' });
  });

  it('reads the address of a profile or actor', () => {
    expect(parseRemoteAccount('https://mastodon.social/@alice')).toEqual({ url: 'https://mastodon.social/@alice', host: 'mastodon.social' });
    expect(parseRemoteAccount('HTTP://127.0.0.1:3000/users/alice')).toEqual({ url: 'http://127.0.0.1:3000/users/alice', host: '127.0.0.1' });
  });

  it('says what is expected of anything else', () => {
    expect(parseRemoteAccount('  ')).toEqual({ error: FOLLOWING_MESSAGES.accountMissing });
    for (const typed of ['alice', '@alice', '@alice@', 'alice@localhost', 'a@b@c.example', 'ftp://x.example/a', 'https://user:pw@x.example/a', 'mastodon.social/@alice', 'https://']) {
      expect(parseRemoteAccount(typed), typed).toEqual({ error: FOLLOWING_MESSAGES.accountInvalid });
    }
    expect(parseRemoteAccount(`https://x.example/${'a'.repeat(2000)}`)).toEqual({ error: FOLLOWING_MESSAGES.accountTooLong });
  });
});
