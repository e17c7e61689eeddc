import { createStore, useStore } from 'zustand';

/**
 * Render-trigger counters (SPEC §3): a component that must reload when
 * something elsewhere changed subscribes to a counter; the changer raises it.
 */
export interface RenderTriggers {
  nav: number;
  ratingSeg: number;
  signInOpen: number;
  signInClose: number;
}

export const renderTriggerStore = createStore<RenderTriggers>(() => ({
  nav: 0,
  ratingSeg: 0,
  signInOpen: 0,
  signInClose: 0,
}));

/** SPEC §4: raises the named counter by one, only if such a counter exists. */
export function trigger(name: string): void {
  renderTriggerStore.setState((state) =>
    Object.hasOwn(state, name) ? { ...state, [name]: state[name as keyof RenderTriggers] + 1 } : state,
  );
}

export const useRenderTrigger = (name: keyof RenderTriggers): number => useStore(renderTriggerStore, (s) => s[name]);
