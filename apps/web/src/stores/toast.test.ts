import { beforeEach, describe, expect, it } from 'vitest';
import { showToast, toastStore } from './toast';

describe('toast store (SPEC §4)', () => {
  beforeEach(() => toastStore.setState({ counter: 0, variant: 'success', head: '', text: '' }));

  it('raises the counter by one on each show and replaces variant, head and text', () => {
    showToast({ variant: 'alert', head: 'Oops', text: 'Login failed. Please check your credentials.' });
    expect(toastStore.getState()).toEqual({
      counter: 1,
      variant: 'alert',
      head: 'Oops',
      text: 'Login failed. Please check your credentials.',
    });
    showToast({ variant: 'info', text: 'Again' });
    expect(toastStore.getState().counter).toBe(2);
    expect(toastStore.getState().variant).toBe('info');
    expect(toastStore.getState().text).toBe('Again');
  });

  it.each([
    ['success', 'Your changes are saved successfully.'],
    ['alert', 'Error has occurred while saving changes.'],
    ['warning', 'Something went wrong.'],
    ['info', 'Hello. Have a good day.'],
  ] as const)('uses the default text of %s (SPEC §8)', (variant, text) => {
    showToast({ variant });
    expect(toastStore.getState().text).toBe(text);
    expect(toastStore.getState().head).not.toBe('');
  });
});
