import { FEDERATION_PAGE } from '@vgl/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { FEDERATION_STATE_TEXT, WhatLeavesPage } from './WhatLeavesPage';

const SENT = [
  'Your public reviews, to the servers of people who follow you from elsewhere, and to anyone who asks for them: the game’s name, your rating, the review (its start and a link, when it is long), the game’s cover and a link to the review. A review is public when your profile is public and the review is marked public.',
  'Your finished plays, the same way: the game’s name, the platform, the hours your diary counts for the play, your rating of it, the game’s cover and a link to the game. A play is finished when it has a finish date or a completion. Neither the play’s dates nor its review are in it (a public review is sent on its own).',
  'Your public lists: the title, the description, the first ten games with links to them, how many games there are, the first game’s cover and a link to the list. Changes to a list are sent once you have stopped editing it for a moment, as one edit.',
  'Edits and deletions of those reviews, plays and lists: an edit is sent as an edit, and deleting one, making a review or list followers-only or private, or a play no longer finished, asks those servers to delete their copy.',
  'Your profile, to any server that asks for it: your username, bio and picture, the date you joined, and whether your profile is private or hidden from search engines.',
  'If your profile is public, the list of accounts on other servers that follow you.',
  'When you follow someone on another server (Activity → Other servers): your address here and that you follow them, to their server, which may show you among their followers. Unfollowing tells it you stopped. Liking one of their posts sends them your like. Replying to one sends them your reply, which is public there and anyone may read it here at its address; deleting it asks them to delete it.',
];
const NEVER_SENT = [
  'Reviews for followers only, and private reviews.',
  'Anything of a private profile but the profile itself: none of its reviews, plays or lists, not even those marked public.',
  'Your e-mail address.',
  'Your diary (but a finished play’s total hours), your library, plays not finished, and ratings you gave outside a public review or a finished play.',
  'Lists for followers only and private lists, reviews of replays, likes, comments and notes.',
  'Who you follow here, and who follows you here.',
];
const COPIES = 'Other servers keep copies of what they receive. When a review, play or list is deleted or stops being public, or your account is deleted, this instance asks each of them to delete their copies. Most do, but it cannot force them to, nor say how soon they do.';
const STOP = [
  'Make your profile private in Settings → Privacy. Your reviews, plays and lists stop being sent, the servers that have them are asked to delete them, and new followers from other servers wait for your approval there and receive nothing until then. Servers can still read your profile itself (username, bio and picture). Making your profile public again sends your public reviews, finished plays and public lists again.',
  'To take back a single review or list, make it followers-only or private; a play, remove its finish date and completion, or delete it. To stop sending to one follower on another server, remove them there.',
];

const page = () => renderRoutes([at('/about/federation', <WhatLeavesPage />)], '/about/federation');
const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent?.replace(/\s+/g, ' ').trim());
const section = (name: string) => screen.getByRole('region', { name });
const paragraphsOf = (name: string) => [...section(name).querySelectorAll('p')];

describe('what leaves this instance (/about/federation)', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('says plainly that this instance does not federate, and still explains what would change if it did', async () => {
    stubFetch({ '/api/home': { body: { federation: false } } });
    renderRoutes(routes, '/about/federation');
    expect(await screen.findByRole('heading', { level: 1, name: FEDERATION_PAGE.title })).toBeTruthy();
    expect(await screen.findByText(FEDERATION_STATE_TEXT.off)).toBeTruthy();
    expect(FEDERATION_STATE_TEXT.off).toBe('This instance does not federate: nothing you write here is sent to other servers.');
    expect(screen.getByText(FEDERATION_STATE_TEXT.ifTurnedOn)).toBeTruthy();
    expect(FEDERATION_STATE_TEXT.ifTurnedOn).toBe('Its operator can turn federation on. If they do, people on Mastodon and other servers of the fediverse can follow members here, and what is listed below is sent to them.');
    expect(screen.queryByText(FEDERATION_STATE_TEXT.on)).toBeNull();

    expect(texts(within(section('What would be sent')).getAllByRole('listitem'))).toEqual(SENT);
    expect(texts(within(section('What is never sent')).getAllByRole('listitem'))).toEqual(NEVER_SENT);
    expect(texts(paragraphsOf('Copies on other servers'))).toEqual([COPIES]);
    // A visitor has no settings to go to: the words, without a link.
    expect(texts(paragraphsOf('How to stop it'))).toEqual(STOP);
    expect(screen.queryByRole('link', { name: 'Settings → Privacy' })).toBeNull();
    await waitFor(() => expect(document.title).toBe(`${FEDERATION_PAGE.title} | VGL`));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(FEDERATION_PAGE.description);
  });

  it('says that this instance federates, what is sent, and links a member to their privacy settings', async () => {
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, role: 'user', exp: 4e9 } });
    stubFetch({ '/api/home': { body: { federation: true } } });
    page();
    expect(await screen.findByText(FEDERATION_STATE_TEXT.on)).toBeTruthy();
    expect(FEDERATION_STATE_TEXT.on).toBe('This instance federates: people on Mastodon and other servers of the fediverse can follow members here, and what is listed below is sent to them.');
    expect(screen.queryByText(FEDERATION_STATE_TEXT.off)).toBeNull();
    expect(texts(within(section('What is sent')).getAllByRole('listitem'))).toEqual(SENT);
    expect(texts(within(section('What is never sent')).getAllByRole('listitem'))).toEqual(NEVER_SENT);
    expect(screen.getByRole('link', { name: 'Settings → Privacy' }).getAttribute('href')).toBe('/u/alice/settings/privacy');
  });

  it('says when it cannot tell because the server did not answer', async () => {
    stubFetch({ '/api/home': { status: 500, body: { error: 'internal', message: 'Something went wrong.', statusCode: 500 } } });
    page();
    expect((await screen.findByRole('alert')).textContent).toBe('Whether this instance federates could not be loaded. Please try again.');
    expect(screen.queryByText(FEDERATION_STATE_TEXT.off)).toBeNull();
  });

  it('says when it cannot tell because the server is older than this page and does not say', async () => {
    stubFetch({ '/api/home': { body: {} } });
    page();
    expect((await screen.findByRole('alert')).textContent).toBe(FEDERATION_STATE_TEXT.unknown);
  });
});
