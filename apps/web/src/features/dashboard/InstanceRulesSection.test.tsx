import { INSTANCE_MESSAGES, type AdminFederation, type InstanceRule } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../stores/toast';
import { renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { dashboardRoutes, signInAs } from './dashboardFixtures';

const federation: AdminFederation = { enabled: true, origin: 'https://vgl.example.com', followers: { accepted: 0, pending: 0 }, published: 0, instances: [] };
const aRule = (overrides: Partial<InstanceRule> = {}): InstanceRule => ({
  domain: 'spam.example',
  policy: 'block',
  reason: 'Spam from every account',
  createdAt: Date.UTC(2026, 10, 20, 12),
  createdBy: 'Mod_Mary',
  followers: 0,
  ...overrides,
});
const changes = (requests: StubRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url.pathname, r.body]);

describe('dashboard: blocked and silenced servers on the Federation tab', () => {
  beforeEach(() => signInAs('moderator'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the rules with their follows, reason and author, in a table with its headers', async () => {
    stubFetch({
      '/api/admin/federation': { body: federation },
      '/api/admin/federation/instances': { body: [aRule(), aRule({ domain: 'loud.example', policy: 'silence', reason: null, createdBy: null, followers: 1234 })] },
    });
    renderRoutes(dashboardRoutes, '/dashboard/federation');
    const table = await screen.findByRole('table', { name: 'Blocked and silenced servers, with the follows of members each still has' });
    expect(screen.getByRole('heading', { level: 3, name: 'Blocked and silenced servers' })).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Server', 'Rule', 'Followers here', 'Reason', 'Set by', 'Actions']);
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'spam.exampleBlocked0Spam from every accountMod_Mary, Nov 20, 2026Unblock spam.example',
      'loud.exampleSilenced1,234—A former moderator, Nov 20, 2026Unsilence loud.example',
    ]);
  });

  it('says so when no server is blocked or silenced, also while federation is off', async () => {
    stubFetch({ '/api/admin/federation': { body: { ...federation, enabled: false, origin: null } }, '/api/admin/federation/instances': { body: [] }, '/api/admin/federation/accounts': { body: [] } });
    renderRoutes(dashboardRoutes, '/dashboard/federation');
    expect(await screen.findByText('No server is blocked or silenced.')).toBeTruthy();
    expect(screen.getByText('Federation is off.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Block or silence a server' })).toBeTruthy();
  });

  it('explains a domain that is not one before sending anything', async () => {
    const requests = stubFetch({ '/api/admin/federation': { body: federation }, '/api/admin/federation/instances': { body: [] }, '/api/admin/federation/accounts': { body: [] } });
    renderRoutes(dashboardRoutes, '/dashboard/federation');
    const domain = await screen.findByRole('textbox', { name: 'Domain' });
    fireEvent.change(domain, { target: { value: 'https://spam.example/users/bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block server' }));
    expect((await screen.findByRole('alert')).textContent).toBe(INSTANCE_MESSAGES.domainOnly);
    expect(domain.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(domain, { target: { value: 'localhost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block server' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(INSTANCE_MESSAGES.domainInvalid));
    expect(changes(requests)).toEqual([]);
  });

  it('silences a domain as normalised, with its reason, then shows the rule; the server’s refusal is shown at the field', async () => {
    let rules: InstanceRule[] = [];
    const requests = stubFetch({
      '/api/admin/federation': { body: federation },
      'GET /api/admin/federation/instances': () => ({ body: rules }),
      'GET /api/admin/federation/accounts': { body: [] },
      'POST /api/admin/federation/instances': ({ body }) => {
        const { domain, policy, reason } = body as InstanceRule;
        if (domain === 'vgl.example.com') return { status: 400, body: { error: 'validation_failed', message: INSTANCE_MESSAGES.ownDomain, errors: { domain: INSTANCE_MESSAGES.ownDomain }, statusCode: 400 } };
        rules = [aRule({ domain, policy, reason })];
        return { status: 201, body: rules[0] };
      },
    });
    renderRoutes(dashboardRoutes, '/dashboard/federation');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Domain' }), { target: { value: ' Loud.EXAMPLE. ' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Silence' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason (optional)' }), { target: { value: '  Floods of ads.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Silence server' }));
    await waitFor(() => expect(changes(requests)).toEqual([['POST', '/api/admin/federation/instances', { domain: 'loud.example', policy: 'silence', reason: 'Floods of ads.' }]]));
    await waitFor(() => expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'loud.example is silenced.' }));
    expect(await screen.findByRole('row', { name: /^loud\.example Silenced/ })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Domain' }) as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByRole('textbox', { name: 'Domain' }), { target: { value: 'vgl.example.com' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Block' }));
    fireEvent.click(screen.getByRole('button', { name: 'Block server' }));
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Block or silence a server' })).getByRole('alert').textContent).toBe(INSTANCE_MESSAGES.ownDomain));
  });

  it('lifts a rule with its row’s button', async () => {
    let rules = [aRule()];
    const requests = stubFetch({
      '/api/admin/federation': { body: federation },
      'GET /api/admin/federation/instances': () => ({ body: rules }),
      'GET /api/admin/federation/accounts': { body: [] },
      'DELETE /api/admin/federation/instances/spam.example': () => {
        rules = [];
        return { status: 204 };
      },
    });
    renderRoutes(dashboardRoutes, '/dashboard/federation');
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock spam.example' }));
    await waitFor(() => expect(changes(requests)).toEqual([['DELETE', '/api/admin/federation/instances/spam.example', undefined]]));
    expect(await screen.findByText('No server is blocked or silenced.')).toBeTruthy();
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'spam.example is no longer blocked.' });
  });
});
