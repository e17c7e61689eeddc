import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aNotification } from './notificationFixtures';
import { NotificationSentence } from './NotificationSentence';

const sentence = (overrides: Parameters<typeof aNotification>[0]) => {
  const { container } = render(
    <MemoryRouter>
      <NotificationSentence notification={aNotification(overrides)} viewer="Alice" />
    </MemoryRouter>,
  );
  return { text: container.textContent, links: [...container.querySelectorAll('a')].map((a) => a.getAttribute('href')) };
};

describe('the sentences of replies, mentions and features', () => {
  it('names the thread of a reply and a mention, with the comment, linked to the comments', () => {
    const comment = { id: 7, excerpt: 'Same here' };
    const review = { username: 'Carol', slug: 'celeste', gameName: 'Celeste' };
    expect(sentence({ kind: 'replied', review, comment })).toEqual({
      text: 'Bob replied in the comments on Carol\'s review of Celeste: “Same here”',
      links: ['/u/bob', '/u/carol/reviews/celeste#comments'],
    });
    expect(sentence({ kind: 'mentioned', review, comment }).text).toBe('Bob mentioned you in a comment on Carol\'s review of Celeste: “Same here”');
  });

  it('names the review that mentions you', () => {
    expect(sentence({ kind: 'mentioned', review: { username: 'Bob', slug: 'celeste', gameName: 'Celeste' } })).toEqual({
      text: "Bob mentioned you in Bob's review of Celeste",
      links: ['/u/bob', '/u/bob/reviews/celeste'],
    });
  });

  it('says which review a moderator featured', () => {
    expect(sentence({ kind: 'featured', actor: { username: 'Mod', avatar: null } })).toEqual({
      text: 'Mod featured your review of Celeste on the home page',
      links: ['/u/mod', '/u/alice/reviews/celeste'],
    });
  });
});

describe('the sentences of follow requests', () => {
  it('links a request to Settings → Privacy, where it is answered', () => {
    expect(sentence({ kind: 'follow_requested', review: null })).toEqual({
      text: 'Bob asked to follow you · Review requests',
      links: ['/u/bob', '/u/alice/settings/privacy'],
    });
  });

  it('names an account on another server by its handle, linked to its own server', () => {
    const remoteActor = { id: 'https://mastodon.example/users/alice', name: 'Alice Remote', handle: '@alice@mastodon.example', url: 'https://mastodon.example/@alice', host: 'mastodon.example' };
    expect(sentence({ kind: 'follow_requested', review: null, actor: { username: 'alice@mastodon.example', avatar: null }, remoteActor })).toEqual({
      text: 'Alice Remote (@alice@mastodon.example) asked to follow you · Review requests',
      links: ['https://mastodon.example/@alice', '/u/alice/settings/privacy'],
    });
  });

  it('tells the requester their request was approved', () => {
    expect(sentence({ kind: 'follow_approved', review: null })).toEqual({ text: 'Bob approved your follow request', links: ['/u/bob'] });
  });
});

describe('the sentences of release alerts', () => {
  const game = { slug: 'silksong', name: 'Silksong', releaseDate: Date.UTC(2030, 2, 12) / 1000 };
  it('tells the date as it was told, the game linked, no actor', () => {
    expect(sentence({ kind: 'release_dated', review: null, game, message: 'Silksong now has a release date: March 12, 2030' })).toEqual({
      text: 'Silksong now has a release date: March 12, 2030',
      links: ['/games/silksong'],
    });
    expect(sentence({ kind: 'released', review: null, game, message: 'Silksong is out today' }).links).toEqual(['/games/silksong']);
  });

  it('keeps the sentence of a game renamed since, and links it', () => {
    expect(sentence({ kind: 'released', review: null, game: { ...game, name: 'Hollow Knight: Silksong' }, message: 'Silksong is out today' })).toEqual({
      text: 'Silksong is out today (Hollow Knight: Silksong)',
      links: ['/games/silksong'],
    });
  });
});
