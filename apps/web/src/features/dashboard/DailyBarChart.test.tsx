import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DailyBarChart } from './DailyBarChart';
import { thirtyDays } from './dashboardFixtures';

describe('daily bar chart', () => {
  const days = thirtyDays({ '2026-11-20': 4, '2026-11-22': 1 });

  it('draws one bar per day, each with its number as a title, scaled to the busiest day', () => {
    const { container } = render(<DailyBarChart title="Sign-ups per day" days={days} unit={['sign-up', 'sign-ups']} />);
    const bars = [...container.querySelectorAll('svg g[data-day]')];
    expect(bars).toHaveLength(30);
    expect(bars.map((bar) => bar.querySelector('title')?.textContent)).toEqual(
      days.map(({ date, count }) => `${new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })}: ${count} ${count === 1 ? 'sign-up' : 'sign-ups'}`),
    );
    expect(bars.at(-3)!.querySelector('title')!.textContent).toBe('Nov 20: 4 sign-ups');
    const height = (bar: Element) => Number(bar.querySelectorAll('rect')[1]!.getAttribute('height'));
    expect(height(bars.at(-3)!)).toBe(100);
    expect(height(bars.at(-1)!)).toBe(25);
    expect(height(bars[0]!)).toBe(0);
  });

  it('sums it up for screen readers, with every day in a table', () => {
    render(<DailyBarChart title="Sign-ups per day" days={days} unit={['sign-up', 'sign-ups']} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Sign-ups per day from October 24, 2026 to November 22, 2026: 5 sign-ups in total, the most on November 20, 2026 with 4 sign-ups.',
    );
    const table = screen.getByRole('table', { name: 'Sign-ups per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: 'November 20, 2026 4' })).toBeTruthy();
    expect(screen.getByText('5 sign-ups in the last 30 days')).toBeTruthy();
  });

  it('says when a month had nothing', () => {
    render(<DailyBarChart title="Reviews per day" days={thirtyDays()} unit={['review', 'reviews']} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Reviews per day from October 24, 2026 to November 22, 2026: 0 reviews in total.');
  });
});
