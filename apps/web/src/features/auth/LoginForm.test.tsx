import { MESSAGES } from '@vgl/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, logout } from '../../stores/auth';
import { toastStore } from '../../stores/toast';
import { stubFetch } from '../../test/stubFetch';
import { at, renderRoutes } from '../../test/render';
import { LoginForm } from './LoginForm';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function fillAndSubmit(identifier: string, password: string) {
  fireEvent.change(field('Email or username'), { target: { value: identifier } });
  fireEvent.change(field('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm after a failed login', () => {
  beforeEach(() => {
    localStorage.clear();
    logout();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps the identifier, clears only the password and puts the caret in the password field', async () => {
    stubFetch({ 'POST /api/auth/login': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' } } });
    renderRoutes([at('/', <LoginForm />)]);
    fillAndSubmit('alice@example.com', 'Wrong-pass1');

    await waitFor(() => expect(toastStore.getState().text).toBe(MESSAGES.login.failed));
    expect(field('Email or username').value).toBe('alice@example.com');
    expect(field('Password').value).toBe('');
    expect(document.activeElement).toBe(field('Password'));
    expect(authStore.getState().isAuthenticated).toBe(false);
    // No "Enter your password" nagging for the field the form itself emptied.
    expect(screen.queryByText(MESSAGES.validation.login.passwordRequired)).toBeNull();
  });
});
