import { DEFAULT_NOTIFICATION_SETTINGS, PUSH_MESSAGES, type NotificationSettings, type PushDevice } from '@vgl/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    'GET /api/push/subscriptions': () => ({ body: [] }),
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

  it('shows each kind in the app, by e-mail and by push, and saves a change at once', async () => {
    const requests = stubFetch(server());
    renderPage();
    const commentsByEmail = await screen.findByRole('checkbox', { name: 'Comments on your reviews and lists: by e-mail' });
    expect((commentsByEmail as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Likes on your reviews and comments: by e-mail' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getAllByRole('checkbox')).toHaveLength(24);
    expect((screen.getByRole('checkbox', { name: 'Likes on your reviews and comments: by push' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(document.title).toBe('Notification settings | VGL'));

    fireEvent.click(commentsByEmail);
    await waitFor(() => expect(screen.getAllByRole('status')[0]!.textContent).toBe('Notification settings saved.'));
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

describe('push on this device', () => {
  signedInForEachTest();
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.unstubAllGlobals();
  });

  const renderPage = () => renderRoutes([at('/u/:username/settings/notifications', <NotificationSettingsPage />)], '/u/alice/settings/notifications');

  /** A browser with a service worker and the Push API; the push service is the browser's business, so the subscription is made up. */
  function pushBrowser(permission: NotificationPermission) {
    const endpoint = 'https://push.example.net/send/abc';
    const subscription = { endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }), unsubscribe: vi.fn(async () => true) };
    let current: typeof subscription | null = null;
    const pushManager = { getSubscription: vi.fn(async () => current), subscribe: vi.fn(async () => (current = subscription)) };
    const registration = { pushManager };
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration), getRegistration: async () => registration } });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
    let devices: PushDevice[] = [];
    const requests = stubFetch({
      ...server(),
      'GET /api/push/key': { body: { publicKey: 'BServerKey' } },
      'GET /api/push/subscriptions': () => ({ body: devices }),
      'POST /api/push/subscriptions': ({ body }) => {
        const { endpoint: e, label } = body as { endpoint: string; label: string };
        devices = [{ id: 1, label, endpoint: e, createdAt: Date.UTC(2026, 0, 2), lastSuccessAt: null }];
        return { status: 201, body: devices };
      },
      'DELETE /api/push/subscriptions': () => {
        devices = [];
        return { status: 204 };
      },
    });
    return { endpoint, subscription, pushManager, requests };
  }

  /** The button, once the page knows whether this device has a subscription. */
  const enableButton = async () => {
    const button = (await screen.findByRole('button', { name: 'Enable push on this device' })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    return button;
  };

  it('turns push on with the server’s key and tells the server, then off again', async () => {
    const browser = pushBrowser('granted');
    renderPage();
    fireEvent.click(await enableButton());
    await screen.findByRole('button', { name: 'Turn off on this device' });
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'BServerKey' });
    const posted = browser.requests.find((r) => r.method === 'POST')!.body as { endpoint: string; keys: object; label: string };
    expect(posted).toMatchObject({ endpoint: browser.endpoint, keys: { auth: 'A'.repeat(22) } });
    expect(posted.label.length).toBeGreaterThan(0);
    expect(screen.getByRole('list', { name: 'Devices that get push notifications' }).textContent).toContain('(this device)');
    expect(screen.getByText(PUSH_MESSAGES.enabled)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    await screen.findByRole('button', { name: 'Enable push on this device' });
    expect(browser.requests.find((r) => r.method === 'DELETE')!.body).toEqual({ endpoint: browser.endpoint });
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect(screen.queryByRole('list', { name: 'Devices that get push notifications' })).toBeNull();
  });

  it('says how to allow notifications when the browser blocks them, and subscribes nothing', async () => {
    const browser = pushBrowser('denied');
    renderPage();
    fireEvent.click(await enableButton());
    expect(await screen.findByText(PUSH_MESSAGES.denied)).toBeTruthy();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('says so where the browser cannot get push', async () => {
    stubFetch(server());
    renderPage();
    expect(await screen.findByText(PUSH_MESSAGES.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enable push on this device' })).toBeNull();
  });
});
