import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewBody } from './ReviewBody';

/** A review of `length` characters: short words, ending on a marker sentence. */
const longReview = (length: number) => {
  const ending = ' THE VERY END';
  return `${'great '.repeat(Math.ceil(length / 6)).slice(0, length - ending.length - 1)}x${ending}`;
};

describe('ReviewBody (SPEC §4, §5)', () => {
  it('renders bold, italic, strikethrough, line breaks and quotes as elements', () => {
    const { container } = render(<ReviewBody text={'**Loved** *it*, ~~mostly~~\nsecond line\n\n> quoted\n> twice'} />);
    expect(container.querySelector('strong')?.textContent).toBe('Loved');
    expect(container.querySelector('em')?.textContent).toBe('it');
    expect(container.querySelector('s')?.textContent).toBe('mostly');
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(container.querySelector('p br')).not.toBeNull();
    expect(container.querySelector('blockquote')?.textContent).toBe('quotedtwice');
  });

  it('starts a 1000-character review collapsed and "More" shows all of it', () => {
    const text = longReview(1000);
    expect(text).toHaveLength(1000);
    render(<ReviewBody text={text} />);
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/THE VERY END/)).toBeNull();
    expect(screen.getByText(/…$/)).toBeTruthy();

    fireEvent.click(more);
    expect(screen.getByText(/THE VERY END$/)).toBeTruthy();
    const less = screen.getByRole('button', { name: 'Less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(less);
    expect(screen.queryByText(/THE VERY END/)).toBeNull();
  });

  it('shows a 900-character review whole, without a button', () => {
    render(<ReviewBody text={longReview(900)} />);
    expect(screen.getByText(/THE VERY END$/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a long review whole when it may not collapse', () => {
    render(<ReviewBody text={longReview(1000)} collapsible={false} />);
    expect(screen.getByText(/THE VERY END$/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows <script> as the text typed, never as an element', () => {
    const { container } = render(<ReviewBody text={'<script>alert(1)</script> **<img src=x onerror=alert(2)>**'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<script>alert(1)</script> <img src=x onerror=alert(2)>');
  });
});
