import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { signOutCompletely } from '../settings/settingsFixtures';
import { UnsubscribePage } from './UnsubscribePage';

const answer = { group: 'comments', label: 'Comments on your reviews and lists', email: true };
const invalid = {
  status: 400,
  body: { error: 'bad_request', message: 'This unsubscribe link is not valid. Open Settings → Notifications to choose which e-mails you get.', statusCode: 400, errors: { token: 'x' } },
};

describe('Unsubscribe page (/unsubscribe?token=…)', () => {
  beforeEach(() => {
    signOutCompletely();
    logout();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const renderPage = (path: string) => renderRoutes([at('/unsubscribe', <UnsubscribePage />)], path);

  it('changes nothing until the button is pressed, then says which e-mails stop, with no login', async () => {
    const requests = stubFetch({
      'GET /api/unsubscribe': () => ({ body: answer }),
      'POST /api/unsubscribe': () => ({ body: { ...answer, email: false, message: 'x' } }),
    });
    renderPage('/unsubscribe?token=1.comments.abc');
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(screen.getByText('comments on your reviews and lists')).toBeTruthy();
    expect(requests.map((r) => r.method)).toEqual(['GET']);
    expect(requests[0]!.url.searchParams.get('token')).toBe('1.comments.abc');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe("You won't get e-mails about comments on your reviews and lists any more."));
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);
    expect(requests[1]!.url.searchParams.get('token')).toBe('1.comments.abc');
    expect(screen.getByRole('link', { name: 'Log in to choose which e-mails you get' })).toBeTruthy();
  });

  it('says clearly when the link is not valid, and offers no button', async () => {
    stubFetch({ 'GET /api/unsubscribe': () => invalid });
    renderPage('/unsubscribe?token=forged');
    expect((await screen.findByRole('alert')).textContent).toMatch(/not valid/);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('says so without asking the server when the link has no token', async () => {
    const requests = stubFetch({});
    renderPage('/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toMatch(/not valid/);
    expect(requests).toEqual([]);
  });
});
