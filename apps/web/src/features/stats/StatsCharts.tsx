import { useId, type ReactNode } from 'react';
import styles from './stats.module.css';

/** One row of a chart's table: the header cell, then the other cells. */
export interface ChartRow {
  key: string;
  head: ReactNode;
  cells: ReactNode[];
}

interface ChartProps {
  title: string;
  /** What the chart says in one sentence: the picture's name for screen readers. */
  summary: string;
  /** The table's column headings, the row headings' first. */
  columns: string[];
  rows: ChartRow[];
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string;
  children: ReactNode;
}

/**
 * A chart of the stats pages: a heading, the picture (one hand-made SVG,
 * named by its summary; its parts are not read out) and the same numbers as
 * a table under "Show as table", for screen readers and for anyone who
 * wants the exact figures. No chart library: a few rects don't need one.
 */
export function Chart({ title, summary, columns, rows, empty = 'Nothing to show.', children }: ChartProps) {
  const headingId = useId();
  return (
    <section className={styles.chart} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {rows.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <>
          <div role="img" aria-label={summary} className={styles.picture}>
            {children}
          </div>
          <details className={styles.asTable}>
            <summary>Show as table</summary>
            <table>
              <caption className={styles.visuallyHidden}>{title}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.head}</th>
                    {row.cells.map((cell, i) => (
                      <td key={i}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** What is written at the end of the bar: "12 games · 30 h". */
  text: string;
}

/** Horizontal bars, longest first as given, scaled to the longest. */
export function HorizontalBars({ bars }: { bars: Bar[] }) {
  const top = Math.max(1, ...bars.map((b) => b.value));
  return (
    <ul className={styles.hbars}>
      {bars.map((bar) => (
        <li key={bar.key} title={`${bar.label}: ${bar.text}`}>
          <span className={styles.hlabel}>{bar.label}</span>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false" aria-hidden="true">
            <rect className={styles.track} width="100" height="10" />
            <rect className={styles.bar} width={Math.max(bar.value > 0 ? 1 : 0, (bar.value / top) * 100)} height="10" />
          </svg>
          <span className={styles.hvalue}>{bar.text}</span>
        </li>
      ))}
    </ul>
  );
}

export interface Column {
  key: string;
  value: number;
  /** The tooltip: "March: 12.5 hours". */
  title: string;
}

const SLOT = 10;
const WIDTH = 7;
const HEIGHT = 60;

/** Vertical bars in one SVG (months, years, ratings), with the first and last labels under it. */
export function Columns({ columns, first, last, tall = false }: { columns: Column[]; first: ReactNode; last: ReactNode; tall?: boolean }) {
  const top = Math.max(1, ...columns.map((c) => c.value));
  return (
    <div className={tall ? `${styles.columns} ${styles.tall}` : styles.columns}>
      <svg viewBox={`0 0 ${columns.length * SLOT} ${HEIGHT}`} preserveAspectRatio="none" focusable="false" aria-hidden="true">
        {columns.map((column, i) => {
          const height = (column.value / top) * HEIGHT;
          return (
            <g key={column.key}>
              <title>{column.title}</title>
              <rect className={styles.slot} x={i * SLOT} width={SLOT} height={HEIGHT} />
              <rect className={styles.bar} x={i * SLOT + (SLOT - WIDTH) / 2} y={HEIGHT - height} width={WIDTH} height={height} />
            </g>
          );
        })}
      </svg>
      <span className={styles.axis} aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </span>
    </div>
  );
}
