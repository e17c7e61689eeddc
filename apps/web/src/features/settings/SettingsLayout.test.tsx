import { MESSAGES } from '@vgl/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../stores/auth';
import { stubFetch } from '../../test/stubFetch';
import { anOwnProfile, NAV_ANSWERS, renderSettings, signInAs, signOutCompletely } from './settingsFixtures';

describe('settings (SPEC §2: /u/{username}/settings, login-protected)', () => {
  beforeEach(() => {
    signOutCompletely();
    logout();
    stubFetch({ ...NAV_ANSWERS, '/api/profile': { body: anOwnProfile() }, '/api/profile/tokens': { body: [] } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks a visitor to log in and keeps them on the URL', () => {
    const { router } = renderSettings('/u/alice/settings');
    expect(screen.getByRole('heading', { name: 'Log in to see this page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/u/alice/settings');
  });

  it("shows the 403 screen on another user's settings, on every tab", async () => {
    signInAs({ username: 'Alice' });
    for (const path of ['/u/bob/settings', '/u/bob/settings/account', '/u/bob/settings/data', '/u/bob/settings/api']) {
      const { unmount } = renderSettings(path);
      expect(screen.getByRole('heading', { name: MESSAGES.errors.forbidden })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Settings' })).toBeNull();
      await waitFor(() => expect(document.title).toBe('Error 403 | VGL'));
      unmount();
    }
  });

  it('shows the owner the tabs, whatever the case of the URL, each tab with its title', async () => {
    signInAs({ username: 'Alice' });
    const pages: [string, string][] = [
      ['/u/ALICE/settings', 'Profile settings'],
      ['/u/alice/settings/account', 'Account settings'],
      ['/u/alice/settings/notifications', 'Notification settings'],
      ['/u/alice/settings/data', 'Data settings'],
      ['/u/alice/settings/api', 'API settings'],
      ['/u/alice/settings/privacy', 'Privacy settings'],
    ];
    for (const [path, title] of pages) {
      const { unmount } = renderSettings(path);
      const tabs = screen.getByRole('navigation', { name: 'Settings' });
      expect(within(tabs).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
        ['Profile', '/u/alice/settings'],
        ['Account', '/u/alice/settings/account'],
        ['Notifications', '/u/alice/settings/notifications'],
        ['Data', '/u/alice/settings/data'],
        ['Privacy', '/u/alice/settings/privacy'],
        ['API', '/u/alice/settings/api'],
      ]);
      await waitFor(() => expect(document.title).toBe(`${title} | VGL`));
      unmount();
    }
  });
});
