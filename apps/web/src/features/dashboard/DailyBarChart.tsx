import type { DailyCount } from '@vgl/shared';
import { useId } from 'react';
import { formatLongDay, formatShortDay } from '../profile/dates';
import styles from './DailyBarChart.module.css';

interface DailyBarChartProps {
  title: string;
  days: DailyCount[];
  /** How one and many are called: ["sign-up", "sign-ups"]. */
  unit: [one: string, many: string];
}

// Each day is a slot of the view box; the bar leaves a gap on both sides.
const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;

/**
 * A bar per day, scaled to the busiest one. A hand-made SVG rather than a
 * chart library: two small charts don't justify the bundle. Screen readers
 * get a summary as the image's name and the numbers as a (visually hidden)
 * table; pointer users get each day's number as the bar's tooltip.
 */
export function DailyBarChart({ title, days, unit }: DailyBarChartProps) {
  const headingId = useId();
  const [one, many] = unit;
  const amount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce<DailyCount | null>((top, day) => (top === null || day.count > top.count ? day : top), null);
  const scale = Math.max(1, busiest?.count ?? 0);
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last && busiest
      ? `${title} from ${formatLongDay(first.date)} to ${formatLongDay(last.date)}: ${amount(total)} in total` +
        (busiest.count > 0 ? `, the most on ${formatLongDay(busiest.date)} with ${amount(busiest.count)}.` : '.')
      : `${title}: no data.`;

  return (
    <section className={styles.chart} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p className={styles.total}>
        {amount(total)} in the last {days.length} days
      </p>
      <div className={styles.plot}>
        <span className={styles.max} aria-hidden="true">
          {scale.toLocaleString('en-US')}
        </span>
        <svg role="img" aria-label={summary} viewBox={`0 0 ${Math.max(1, days.length) * SLOT} ${HEIGHT}`} preserveAspectRatio="none" focusable="false">
          {days.map((day, index) => {
            const height = (day.count / scale) * HEIGHT;
            return (
              <g key={day.date} data-day={day.date}>
                <title>{`${formatShortDay(day.date)}: ${amount(day.count)}`}</title>
                {/* The whole slot answers the pointer, so a day with nothing still shows its tooltip. */}
                <rect className={styles.slot} x={index * SLOT} y={0} width={SLOT} height={HEIGHT} />
                <rect className={styles.bar} x={index * SLOT + (SLOT - BAR) / 2} y={HEIGHT - height} width={BAR} height={height} />
              </g>
            );
          })}
        </svg>
        {first && last && (
          <span className={styles.axis} aria-hidden="true">
            <span>{formatShortDay(first.date)}</span>
            <span>{formatShortDay(last.date)}</span>
          </span>
        )}
      </div>
      <table className={styles.visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{many.charAt(0).toUpperCase() + many.slice(1)}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatLongDay(day.date)}</th>
              <td>{day.count.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
