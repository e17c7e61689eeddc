import { describe, expect, it, vi } from 'vitest';
import { openFromNotification, PUSH_ICON, safePath, shownPush } from './push';

const ORIGIN = 'https://vgl.example';
const data = (value: unknown) => ({ json: () => (typeof value === 'string' ? JSON.parse(value) : value) });

describe('the service worker’s push handler', () => {
  it('shows the pushed sentence, with the icon, the tag and where a click leads', () => {
    const shown = shownPush(data({ title: 'bob followed you', body: '', url: '/u/bob', tag: 'vgl-notification-7', kind: 'followed' }), ORIGIN);
    expect(shown).toEqual({ title: 'bob followed you', options: { body: '', icon: PUSH_ICON, badge: PUSH_ICON, tag: 'vgl-notification-7', data: { url: '/u/bob' } } });
  });

  it('shows a plain notice for a push it cannot read, and never leads off this site', () => {
    expect(shownPush(data('not json'), ORIGIN)).toMatchObject({ title: 'VGL', options: { body: 'You have a new notification.', data: { url: '/notifications' } } });
    expect(shownPush(null, ORIGIN).title).toBe('VGL');
    expect(safePath('https://evil.example/x', ORIGIN)).toBe('/notifications');
    expect(safePath('javascript:alert(1)', ORIGIN)).toBe('/notifications');
    expect(safePath('/u/bob/reviews/celeste#comments', ORIGIN)).toBe('/u/bob/reviews/celeste#comments');
  });

  it('on a click, brings forward the tab showing the page, else takes a VGL tab there, else opens one', async () => {
    const tab = (url: string) => ({ url, focus: vi.fn(async () => undefined), navigate: vi.fn(async () => undefined) });
    const clients = (tabs: ReturnType<typeof tab>[]) => ({ windows: async () => tabs, openWindow: vi.fn(async () => null) });

    const showing = tab(`${ORIGIN}/u/bob`);
    const one = clients([tab('https://other.example/'), showing]);
    await openFromNotification(one, '/u/bob', ORIGIN);
    expect(showing.focus).toHaveBeenCalled();
    expect(one.openWindow).not.toHaveBeenCalled();

    const elsewhere = tab(`${ORIGIN}/games`);
    const two = clients([elsewhere]);
    await openFromNotification(two, '/u/bob', ORIGIN);
    expect(elsewhere.navigate).toHaveBeenCalledWith(`${ORIGIN}/u/bob`);
    expect(elsewhere.focus).toHaveBeenCalled();

    const none = clients([]);
    await openFromNotification(none, '/u/bob', ORIGIN);
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/u/bob`);
  });
});
