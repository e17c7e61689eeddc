import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@vgl/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../stores/toast';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { signedInForEachTest } from './settingsFixtures';

const PATH = '/api/settings/notifications';

/** The settings as the server keeps them: PUT merges what it is sent. */
function server() {
  let settings: NotificationSettings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  return {
    'GET /api/profile/calendar': () => ({ body: { url: null, createdAt: null } }),
    [`GET ${PATH}`]: () => ({ body: settings }),
    [`PUT ${PATH}`]: ({ body }: { body: unknown }) => {
      const change = body as { groups?: Record<string, object>; emailFrequency?: NotificationSettings['emailFrequency'] };
      const groups = { ...settings.groups };
      for (const [g, c] of Object.entries(change.groups ?? {})) groups[g as keyof typeof groups] = { ...groups[g as keyof typeof groups], ...c };
      settings = { groups, emailFrequency: change.emailFrequency ?? settings.emailFrequency };
      return { body: settings };
    },
  };
}

describe('Notification settings (/u/{username}/settings/notifications)', () => {
  signedInForEachTest();

  const renderPage = (path = '/u/alice/settings/notifications') => renderRoutes([at('/u/:username/settings/notifications', <NotificationSettingsPage />)], path);

  it('shows each kind in the app and by e-mail, and saves a change at once', async () => {
    const requests = stubFetch(server());
    renderPage();
    const commentsByEmail = await screen.findByRole('checkbox', { name: 'Comments on your reviews and lists: by e-mail' });
    expect((commentsByEmail as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Likes on your reviews and comments: by e-mail' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getAllByRole('checkbox')).toHaveLength(16);
    await waitFor(() => expect(document.title).toBe('Notification settings | VGL'));

    fireEvent.click(commentsByEmail);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Notification settings saved.'));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ groups: { comments: { email: false } } }]);
    expect((screen.getByRole('checkbox', { name: 'Comments on your reviews and lists: by e-mail' }) as HTMLInputElement).checked).toBe(false);
  });

  it('chooses how often e-mail comes; "Never" leaves the e-mail boxes disabled', async () => {
    const requests = stubFetch(server());
    renderPage();
    const frequency = await screen.findByRole('combobox', { name: 'Send e-mails' });
    expect((frequency as HTMLSelectElement).value).toBe('immediately');
    fireEvent.change(frequency, { target: { value: 'daily' } });
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && (r.body as { emailFrequency?: string }).emailFrequency === 'daily')).toBe(true));
    fireEvent.change(frequency, { target: { value: 'never' } });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'New followers: by e-mail' }) as HTMLInputElement).disabled).toBe(true));
    expect((screen.getByRole('checkbox', { name: 'New followers: in the app' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('is the 403 screen for someone else’s settings', async () => {
    stubFetch(server());
    renderPage('/u/bob/settings/notifications');
    expect(await screen.findByRole('heading', { name: "You don't have permission to access this page." })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('a setting that could not be saved', () => {
  signedInForEachTest();

  it('goes back to what the server keeps, with the server’s message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      [`GET ${PATH}`]: () => ({ body: DEFAULT_NOTIFICATION_SETTINGS }),
      [`PUT ${PATH}`]: () => ({ status: 503, body: { error: 'unavailable', message: 'Try again in a moment.', statusCode: 503 } }),
    });
    renderRoutes([at('/u/:username/settings/notifications', <NotificationSettingsPage />)], '/u/alice/settings/notifications');
    const box = (await screen.findByRole('checkbox', { name: 'New followers: by e-mail' })) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(toastStore.getState().text).toBe('Try again in a moment.'));
    expect(box.checked).toBe(true);
  });
});
