import { createStore, useStore } from 'zustand';

/** Names of the app's modals; each feature adds its own. */
export type ModalName = 'login' | 'library-entry' | 'moderation-reason';

export interface ModalEntry {
  name: ModalName;
}

export interface ModalState {
  modals: ModalEntry[];
}

export const modalStore = createStore<ModalState>(() => ({ modals: [] }));

/** SPEC §4: opening adds a named entry. */
export function openModal(name: ModalName): void {
  modalStore.setState((state) => ({ modals: [...state.modals, { name }] }));
}

/** SPEC §4: closing removes every entry of that name. */
export function closeModal(name: ModalName): void {
  modalStore.setState((state) => ({ modals: state.modals.filter((m) => m.name !== name) }));
}

export const useIsModalOpen = (name: ModalName): boolean =>
  useStore(modalStore, (state) => state.modals.some((m) => m.name === name));
