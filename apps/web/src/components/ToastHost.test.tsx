import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, toastStore } from '../stores/toast';
import { ToastHost } from './ToastHost';

describe('ToastHost (SPEC §2, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastStore.setState({ counter: 0, variant: 'success', head: '', text: '' });
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing until a toast is raised', () => {
    render(<ToastHost />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the message, fades after 4000 ms and is gone 300 ms later', () => {
    render(<ToastHost />);
    act(() => showToast({ variant: 'alert', text: 'Login failed. Please check your credentials.' }));
    expect(screen.getByText('Login failed. Please check your credentials.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText('Login failed. Please check your credentials.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Login failed. Please check your credentials.')).toBeNull();
  });

  it('restarts the timer when the same message is shown again', () => {
    render(<ToastHost />);
    act(() => showToast({ variant: 'info' }));
    act(() => vi.advanceTimersByTime(3000));
    act(() => showToast({ variant: 'info' }));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Hello. Have a good day.')).toBeTruthy();
  });
});
