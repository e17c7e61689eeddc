import { RATING } from '@vgl/shared';
import { useId, useState } from 'react';
import styles from './RatingInput.module.css';

interface RatingInputProps {
  /** 1–10 (an odd value is a half star), or null for no rating. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** The radios' shared name; one is made up when the form does not need it. */
  name?: string;
  /** What the group is called ("Rating" in the library form). */
  legend?: string;
}

/** How a 1–10 rating reads: "0.5 stars", "1 star", "1.5 stars" … "5 stars". */
export const starsLabel = (value: number) => (value === 2 ? '1 star' : `${value / 2} stars`);

const VALUES = Array.from({ length: RATING.max }, (_, index) => index + 1);

/**
 * The library form's rating: ten real radios sharing one name, so arrow keys
 * and screen readers work natively, drawn as five stars of two clickable
 * halves each. Hovering previews; "Clear rating" sets no rating.
 */
export function RatingInput({ value, onChange, name, legend = 'Rating' }: RatingInputProps) {
  const generated = useId();
  const group = name ?? `rating-${generated}`;
  const [preview, setPreview] = useState<number | null>(null);
  const lit = preview ?? value ?? 0;

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.row}>
        <div className={styles.stars} data-previewing={preview !== null || undefined} onMouseLeave={() => setPreview(null)}>
          {VALUES.map((v) => (
            <label
              key={v}
              className={styles.half}
              data-side={v % 2 === 1 ? 'left' : 'right'}
              data-lit={v <= lit || undefined}
              onMouseEnter={() => setPreview(v)}
            >
              <input
                type="radio"
                className={styles.radio}
                name={group}
                value={v}
                checked={value === v}
                onChange={() => onChange(v)}
              />
              <span className={styles.label}>{starsLabel(v)}</span>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.star}>
                <path d="M12 2l2.9 6.3 6.9.8-5.1 4.7 1.4 6.8L12 17.3 5.9 20.6l1.4-6.8L2.2 9.1l6.9-.8z" />
              </svg>
            </label>
          ))}
        </div>
        <span className={styles.value} aria-hidden="true">
          {value !== null ? value / 2 : ''}
        </span>
        <button type="button" className={styles.clear} onClick={() => onChange(null)} disabled={value === null}>
          Clear rating
        </button>
      </div>
    </fieldset>
  );
}
