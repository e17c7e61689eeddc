import { parseReviewText, reviewExcerpt, type ReviewBlock, type ReviewInline, type ReviewLine } from '@vgl/shared';
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import styles from './ReviewBody.module.css';

interface ReviewBodyProps {
  /** The review as its author wrote it; sanitised and parsed here (SPEC §5). */
  text: string;
  /** False where the whole review is the point of the page (the review page itself). */
  collapsible?: boolean;
  /** The author marked it as containing spoilers: blurred until the reader asks. */
  spoilers?: boolean;
}

/**
 * A review's text as React elements built from parseReviewText's data, never
 * from HTML, so markup in a review shows as the characters typed. Over 900
 * characters it starts as an excerpt with a "More" button (SPEC §4).
 */
export function ReviewBody({ text, collapsible = true, spoilers = false }: ReviewBodyProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const excerpt = useMemo(() => reviewExcerpt(text), [text]);
  const canCollapse = collapsible && excerpt.collapsed;
  const shown = canCollapse && !expanded ? excerpt.text : text;
  const blocks = useMemo(() => parseReviewText(shown), [shown]);

  if (spoilers && !revealed) {
    // The text stays in place, blurred and out of reach (inert: no focus, no screen reader, no selection), so the card keeps its size.
    return (
      <div className={`${styles.body} ${styles.spoiler}`}>
        <div className={`${styles.text} ${styles.blurred}`} inert aria-hidden="true">
          {parseReviewText(excerpt.text).map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </div>
        <div className={styles.spoilerNotice}>
          <p>This review contains spoilers.</p>
          <button type="button" className={styles.reveal} onClick={() => setRevealed(true)}>
            Show the review
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.body}>
      <div id={id} className={styles.text}>
        {blocks.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </div>
      {canCollapse && (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Less' : 'More'}
        </button>
      )}
    </div>
  );
}

function Block({ block }: { block: ReviewBlock }) {
  const paragraph = (
    <p>
      {block.lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          <Line line={line} />
        </Fragment>
      ))}
    </p>
  );
  return block.type === 'quote' ? <blockquote className={styles.quote}>{paragraph}</blockquote> : paragraph;
}

function Line({ line }: { line: ReviewLine }) {
  return line.map((run, index) => <Run key={index} run={run} />);
}

function Run({ run }: { run: ReviewInline }) {
  let node: ReactNode = run.text;
  if (run.strike) node = <s>{node}</s>;
  if (run.italic) node = <em>{node}</em>;
  if (run.bold) node = <strong>{node}</strong>;
  return node;
}
