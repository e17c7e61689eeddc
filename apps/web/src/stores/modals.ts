import { createStore, useStore } from 'zustand';

/** Names of the app's modals; each feature adds its own. */
export type ModalName = 'login' | 'library-entry' | 'moderation-reason' | 'log-session' | 'add-to-list' | 'list-form' | 'list-delete' | 'add-game' | 'merge-game' | 'report' | 'play-form';

export interface ModalEntry {
  name: ModalName;
}

export interface ModalState {
  modals: ModalEntry[];
}

export const modalStore = createStore<ModalState>(() => ({ modals: [] }));

/**
 * The control each open modal was opened from, to give focus back to when
 * it closes (the dialog leaves the page, which would drop focus on <body>).
 * Kept beside the store, not in it: the entries stay SPEC §3's { name }.
 */
const openers = new Map<ModalName, HTMLElement>();

/** What has focus now, when it is a control (not the page itself). */
function focusedControl(): HTMLElement | undefined {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : undefined;
}

/**
 * SPEC §4: opening adds a named entry. The opener defaults to the focused
 * control, which is the button pressed (by key or click) in every caller.
 */
export function openModal(name: ModalName, opener: HTMLElement | undefined = focusedControl()): void {
  if (opener) openers.set(name, opener);
  else openers.delete(name);
  modalStore.setState((state) => ({ modals: [...state.modals, { name }] }));
}

/** The control that opened the modal: the modal gives focus back to it when it leaves the page. */
export const modalOpener = (name: ModalName): HTMLElement | undefined => openers.get(name);

/** SPEC §4: closing removes every entry of that name. */
export function closeModal(name: ModalName): void {
  openers.delete(name);
  modalStore.setState((state) => ({ modals: state.modals.filter((m) => m.name !== name) }));
}

export const useIsModalOpen = (name: ModalName): boolean =>
  useStore(modalStore, (state) => state.modals.some((m) => m.name === name));
