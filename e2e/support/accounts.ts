import type { BrowserContext } from 'playwright-core';
import { linkIn, type SmtpSink } from '../../apps/server/src/test/smtp-sink';
import type { RunningServer } from './server';

export const E2E_PASSWORD = 'Secret123';

async function post(server: RunningServer, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * A real, active account made the way a person makes one (sign-up, mailed
 * activation link, login) but through the API, for suites that test what
 * comes after. Returns the login token.
 */
export async function createAccount(server: RunningServer, smtp: SmtpSink, username: string): Promise<string> {
  const email = `${username.toLowerCase()}@example.com`;
  const registered = await post(server, '/api/auth/register', { email, username, password: E2E_PASSWORD, password2: E2E_PASSWORD });
  if (registered.status !== 201) throw new Error(`register ${username}: ${registered.status} ${await registered.text()}`);
  const link = linkIn(await smtp.waitFor(email, /Activate/), '/auth/activation/');
  const activated = await post(server, '/api/auth/activation', { token: link.split('/auth/activation/')[1] });
  if (!activated.ok) throw new Error(`activate ${username}: ${activated.status}`);
  const login = await post(server, '/api/auth/login', { identifier: username, password: E2E_PASSWORD });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/**
 * Signs the browser in with a token, as the app does at startup (SPEC §4).
 * Only the first page load of each tab stores it, so a token the app replaces
 * later (username or password change) survives reloads; a later signIn wins.
 */
export async function signIn(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((t) => {
    const key = `vgl-e2e-signed-in:${t.slice(-16)}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    localStorage.setItem('authToken', t);
  }, token);
}
