import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modalStore, openModal } from '../stores/modals';
import { Modal } from './Modal';

describe('Modal (SPEC §2, §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    modalStore.setState({ modals: [] });
  });
  afterEach(() => vi.useRealTimers());

  const renderLogin = () =>
    render(
      <Modal name="login" title="Log in">
        <p>form</p>
      </Modal>,
    );

  it('shows only while the store holds an entry of its name', () => {
    renderLogin();
    expect(screen.queryByText('form')).toBeNull();
    act(() => openModal('login'));
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('closes on Escape after the 250 ms closing delay', () => {
    renderLogin();
    act(() => openModal('login'));
    const dialog = document.querySelector('dialog')!;
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    act(() => vi.advanceTimersByTime(249));
    expect(modalStore.getState().modals).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(modalStore.getState().modals).toHaveLength(0);
    expect(screen.queryByText('form')).toBeNull();
  });

  it('closes on an overlay click but not on a click inside', () => {
    renderLogin();
    act(() => openModal('login'));
    fireEvent.click(screen.getByText('form'));
    act(() => vi.advanceTimersByTime(300));
    expect(modalStore.getState().modals).toHaveLength(1);
    fireEvent.click(document.querySelector('dialog')!);
    act(() => vi.advanceTimersByTime(250));
    expect(modalStore.getState().modals).toHaveLength(0);
  });

  it('closes with its close button', () => {
    renderLogin();
    act(() => openModal('login'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(250));
    expect(modalStore.getState().modals).toHaveLength(0);
  });
});
