import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { SearchForm } from './SearchForm';

describe('search form (SPEC §2, §5)', () => {
  const setup = () => {
    const onDone = vi.fn();
    const view = renderRoutes([at('/', <SearchForm onDone={onDone} />), at('/search', <p>results</p>)]);
    return { ...view, onDone, input: screen.getByPlaceholderText('Search') };
  };

  it('is focused when it opens', () => {
    const { input } = setup();
    expect(document.activeElement).toBe(input);
  });

  it('does nothing for an empty query', () => {
    const { input, router, onDone } = setup();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(router.state.location.pathname).toBe('/');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('goes to /search/?q={encoded}&p=1', () => {
    const { input, router, onDone } = setup();
    fireEvent.change(input, { target: { value: 'mario & luigi' } });
    fireEvent.submit(input.closest('form')!);
    expect(router.state.location.pathname).toBe('/search/');
    expect(router.state.location.search).toBe('?q=mario%20%26%20luigi&p=1');
    expect(onDone).toHaveBeenCalled();
  });
});
