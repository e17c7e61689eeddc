import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal, modalStore, openModal } from '../stores/modals';
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

  describe('focus comes back to the control that opened it', () => {
    const renderWithOpener = (label = 'Edit library entry') =>
      render(
        <main id="main" tabIndex={-1}>
          <button type="button" onClick={() => openModal('library-entry')}>
            {label}
          </button>
          <Modal name="library-entry" title="Edit">
            <input aria-label="Note" />
          </Modal>
        </main>,
      );

    it('after Escape', () => {
      renderWithOpener();
      const opener = screen.getByRole('button', { name: 'Edit library entry' });
      opener.focus();
      fireEvent.click(opener);
      screen.getByRole('textbox', { name: 'Note' }).focus();
      fireEvent(document.querySelector('dialog')!, new Event('cancel', { cancelable: true }));
      act(() => vi.advanceTimersByTime(250));
      expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
      expect(document.activeElement).toBe(opener);
    });

    it('after its close button or the form closing it, for any modal name', () => {
      renderWithOpener();
      const opener = screen.getByRole('button', { name: 'Edit library entry' });
      opener.focus();
      fireEvent.click(opener);
      screen.getByRole('button', { name: 'Close' }).focus();
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      act(() => vi.advanceTimersByTime(250));
      expect(document.activeElement).toBe(opener);

      opener.focus();
      fireEvent.click(opener);
      screen.getByRole('textbox', { name: 'Note' }).focus();
      act(() => closeModal('library-entry'));
      expect(document.activeElement).toBe(opener);
    });

    it('to the main content when the opener is gone', () => {
      const { rerender } = renderWithOpener();
      const opener = screen.getByRole('button', { name: 'Edit library entry' });
      opener.focus();
      fireEvent.click(opener);
      screen.getByRole('textbox', { name: 'Note' }).focus();
      rerender(
        <main id="main" tabIndex={-1}>
          <Modal name="library-entry" title="Edit">
            <input aria-label="Note" />
          </Modal>
        </main>,
      );
      act(() => closeModal('library-entry'));
      expect(document.activeElement).toBe(document.getElementById('main'));
    });
  });
});
