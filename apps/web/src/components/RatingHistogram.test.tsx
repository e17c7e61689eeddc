import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingHistogram } from './RatingHistogram';

const barHeight = (item: HTMLElement) => (item.firstElementChild as HTMLElement).style.height;

describe('RatingHistogram (SPEC §1, §9)', () => {
  const rating = { count: 124, average: 7.6, distribution: [1, 2, 3, 6, 12, 20, 24, 30, 16, 10] };

  it('draws ten bars scaled to the tallest, each saying what it counts', () => {
    render(<RatingHistogram rating={rating} />);
    const bars = within(screen.getByRole('list', { name: 'Ratings by stars' })).getAllByRole('listitem');
    expect(bars).toHaveLength(10);
    expect(bars[0]!.textContent).toBe('1 rating of 0.5 stars');
    expect(bars[1]!.textContent).toBe('2 ratings of 1 star');
    expect(bars[6]!.textContent).toBe('24 ratings of 3.5 stars');
    expect(bars[6]!.getAttribute('title')).toBe('24 ratings of 3.5 stars');
    expect(bars[9]!.textContent).toBe('10 ratings of 5 stars');
    expect(barHeight(bars[7]!)).toBe('100%');
    expect(barHeight(bars[4]!)).toBe('40%');
  });

  it('shows the average in stars and as a number, and the count', () => {
    render(<RatingHistogram rating={rating} />);
    // Visibly "3.8"; read out as "Average 3.8 out of 5".
    expect(screen.getByText('3.8').textContent).toBe('Average 3.8 out of 5');
    expect(screen.getByText('124 ratings')).toBeTruthy();
  });

  it('counts in US English', () => {
    render(<RatingHistogram rating={{ count: 12_345, average: 5, distribution: [0, 0, 0, 0, 12_345, 0, 0, 0, 0, 0] }} />);
    expect(screen.getByText('12,345 ratings')).toBeTruthy();
    expect(screen.getByText('12,345 ratings of 2.5 stars')).toBeTruthy();
  });

  it('copes with no ratings', () => {
    render(<RatingHistogram rating={{ count: 0, average: null, distribution: [] }} />);
    expect(screen.getByText('No ratings yet')).toBeTruthy();
    const bars = screen.getAllByRole('listitem');
    expect(bars).toHaveLength(10);
    expect(bars.every((bar) => barHeight(bar) === '0%')).toBe(true);
  });
});
