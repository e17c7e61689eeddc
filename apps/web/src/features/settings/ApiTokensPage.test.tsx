import { MESSAGES, TOKEN_MESSAGES, type AccessToken, type CreatedAccessToken } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../stores/toast';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubAnswer, type StubRequest } from '../../test/stubFetch';
import { ApiTokensPage } from './ApiTokensPage';
import { signedInForEachTest } from './settingsFixtures';

const TOKENS = '/api/profile/tokens';
const NOW = Date.now();

const aToken = (overrides: Partial<AccessToken> = {}): AccessToken => ({
  id: 1,
  name: 'backup script',
  scope: 'read',
  hint: 'vgl_pat_ab12',
  createdAt: NOW - 10 * 86_400_000,
  lastUsedAt: null,
  ...overrides,
});

const backup = aToken();
const diaryBot = aToken({ id: 2, name: 'diary bot', scope: 'write', hint: 'vgl_pat_cd34', lastUsedAt: NOW - 3 * 3_600_000 });

const renderPage = (path = '/u/alice/settings/api') => renderRoutes([at('/u/:username/settings/api', <ApiTokensPage />)], path);

const calls = (requests: StubRequest[]) => requests.map((r) => `${r.method} ${r.url.pathname}`);

/** The list as the server keeps it: GET answers what POST and DELETE left. */
function serverWith(tokens: AccessToken[]) {
  let list = [...tokens];
  return {
    [`GET ${TOKENS}`]: () => ({ body: list }),
    [`DELETE ${TOKENS}/1`]: () => {
      list = list.filter((t) => t.id !== 1);
      return { status: 204 };
    },
  };
}

const tokenList = () => screen.getByRole('region', { name: 'Your tokens' });

describe('API settings page (/u/{username}/settings/api)', () => {
  signedInForEachTest();

  it('explains tokens, links the API docs and lists the tokens with scope, dates and a named Revoke', async () => {
    stubFetch(serverWith([diaryBot, backup]));
    renderPage();
    expect(screen.getByRole('heading', { name: 'API tokens', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('API settings | VGL'));
    expect(screen.getByRole('link', { name: 'Read the API docs' }).getAttribute('href')).toBe('/api/docs');

    const list = tokenList();
    expect(await within(list).findByRole('heading', { name: 'diary bot', level: 3 })).toBeTruthy();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['diary bot', 'backup script']);
    expect(within(rows[0]!).getByText('Read and write')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Last used 3 hours ago');
    expect(within(rows[1]!).getByText('Read only')).toBeTruthy();
    expect(within(rows[1]!).getByText('Never used')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('vgl_pat_ab12…');
    expect(rows[1]!.textContent).toMatch(/Created [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(within(list).getByRole('button', { name: 'Revoke backup script' })).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Revoke diary bot' })).toBeTruthy();
  });

  it('says so when there are no tokens, and is forbidden on another member\'s URL', async () => {
    stubFetch(serverWith([]));
    renderPage();
    expect(await within(tokenList()).findByText('You have no tokens yet.')).toBeTruthy();
    document.body.innerHTML = '';
    renderPage('/u/bob/settings/api');
    expect(screen.getByRole('heading', { name: MESSAGES.errors.forbidden })).toBeTruthy();
  });

  it('creates a token and shows it once, with Copy, until it is hidden', async () => {
    const created: CreatedAccessToken = { ...aToken({ id: 3, name: 'my script', scope: 'write', hint: 'vgl_pat_ef56' }), token: 'vgl_pat_ef56secretsecretsecret' };
    const requests = stubFetch({ ...serverWith([backup]), [`POST ${TOKENS}`]: { status: 201, body: created } });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage();
    await within(tokenList()).findByRole('heading', { name: 'backup script' });

    expect((screen.getByRole('radio', { name: 'Read only' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  my script ' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Read and write' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    const secret = (await screen.findByRole('textbox', { name: 'Your new token' })) as HTMLInputElement;
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'my script', scope: 'write' });
    expect(secret.value).toBe(created.token);
    expect(secret.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(secret));
    expect(secret.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(secret.getAttribute('aria-describedby')!)?.textContent).toContain('it will not be shown again');
    // The list has it at once (without the secret), newest first.
    const rows = within(tokenList()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['my script', 'backup script']);
    expect(tokenList().textContent).not.toContain(created.token);

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(created.token));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Hide token' }));
    expect(screen.queryByRole('textbox', { name: 'Your new token' })).toBeNull();
    expect(document.body.textContent).not.toContain(created.token);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(calls(requests)).toEqual([`GET ${TOKENS}`, `POST ${TOKENS}`]);
  });

  it("checks the name before sending, and shows the server's field error and its 409", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const serverMessage = 'That name is not allowed';
    let answer: StubAnswer = { status: 400, body: { error: 'validation_failed', message: 'Please check the form', statusCode: 400, errors: { name: serverMessage } } };
    const requests = stubFetch({ ...serverWith([]), [`POST ${TOKENS}`]: () => answer });
    renderPage();
    await within(tokenList()).findByText('You have no tokens yet.');
    const name = screen.getByLabelText('Name');

    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(TOKEN_MESSAGES.nameRequired)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'x'.repeat(61) } });
    expect(screen.getByText(TOKEN_MESSAGES.nameTooLong)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'backup script' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(serverMessage)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('field-token-name-note');

    answer = { status: 409, body: { error: 'conflict', message: TOKEN_MESSAGES.tooMany, statusCode: 409 } };
    fireEvent.change(name, { target: { value: 'one more' } });
    expect(screen.queryByText(serverMessage)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(toastStore.getState()).toMatchObject({ variant: 'alert', text: TOKEN_MESSAGES.tooMany }));
    expect(screen.queryByRole('textbox', { name: 'Your new token' })).toBeNull();
  });

  it('revokes a token after a confirmation, refreshes the list and says so', async () => {
    const requests = stubFetch(serverWith([diaryBot, backup]));
    renderPage();
    const list = tokenList();
    fireEvent.click(await within(list).findByRole('button', { name: 'Revoke backup script' }));

    const confirm = within(list).getByRole('group', { name: /Revoke “backup script”\?/ });
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep it' })));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Revoke backup script' })));
    expect(calls(requests)).toEqual([`GET ${TOKENS}`]);

    fireEvent.click(within(list).getByRole('button', { name: 'Revoke backup script' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Yes, revoke backup script' }));
    await waitFor(() => expect(within(list).queryByRole('heading', { name: 'backup script' })).toBeNull());
    expect(toastStore.getState()).toMatchObject({ variant: 'success', head: 'Token revoked', text: '“backup script” no longer works.' });
    await waitFor(() => expect(calls(requests)).toEqual([`GET ${TOKENS}`, `DELETE ${TOKENS}/1`, `GET ${TOKENS}`]));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your tokens' })));
  });
});
