import { TOAST_DEFAULTS, type ToastVariant } from '@vgl/shared';
import { createStore, useStore } from 'zustand';

export interface ToastState {
  /** Raised by one on every show, so the same message twice still re-shows. */
  counter: number;
  variant: ToastVariant;
  head: string;
  text: string;
}

export interface ToastOptions {
  variant: ToastVariant;
  head?: string;
  text?: string;
}

export const toastStore = createStore<ToastState>(() => ({
  counter: 0,
  variant: 'success',
  head: TOAST_DEFAULTS.success.head,
  text: TOAST_DEFAULTS.success.text,
}));

/** SPEC §4: each show raises the counter by one and replaces variant, head and text. */
export function showToast({ variant, head, text }: ToastOptions): void {
  const defaults = TOAST_DEFAULTS[variant];
  toastStore.setState((state) => ({
    counter: state.counter + 1,
    variant,
    head: head ?? defaults.head,
    text: text ?? defaults.text,
  }));
}

export const useToast = <T>(selector: (state: ToastState) => T): T => useStore(toastStore, selector);
