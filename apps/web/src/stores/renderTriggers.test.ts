import { beforeEach, describe, expect, it } from 'vitest';
import { renderTriggerStore, trigger } from './renderTriggers';

describe('render-trigger counters (SPEC §3–4)', () => {
  beforeEach(() => renderTriggerStore.setState({ nav: 0, ratingSeg: 0, signInOpen: 0, signInClose: 0 }));

  it('has the four counters of SPEC §3', () => {
    expect(Object.keys(renderTriggerStore.getState()).sort()).toEqual(['nav', 'ratingSeg', 'signInClose', 'signInOpen']);
  });

  it('raises the named counter by one', () => {
    trigger('nav');
    trigger('nav');
    trigger('signInOpen');
    expect(renderTriggerStore.getState()).toEqual({ nav: 2, ratingSeg: 0, signInOpen: 1, signInClose: 0 });
  });

  it('ignores a counter that does not exist', () => {
    const before = renderTriggerStore.getState();
    trigger('nope');
    trigger('toString');
    expect(renderTriggerStore.getState()).toBe(before);
  });
});
