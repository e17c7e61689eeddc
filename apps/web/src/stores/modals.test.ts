import { beforeEach, describe, expect, it } from 'vitest';
import { closeModal, modalStore, openModal } from './modals';

describe('modal store (SPEC §4)', () => {
  beforeEach(() => modalStore.setState({ modals: [] }));

  it('adds a named entry on open', () => {
    openModal('login');
    expect(modalStore.getState().modals).toEqual([{ name: 'login' }]);
  });

  it('removes every entry of that name on close', () => {
    openModal('login');
    openModal('login');
    closeModal('login');
    expect(modalStore.getState().modals).toEqual([]);
  });

  it('closing a modal that is not open changes nothing', () => {
    closeModal('login');
    expect(modalStore.getState().modals).toEqual([]);
  });
});
