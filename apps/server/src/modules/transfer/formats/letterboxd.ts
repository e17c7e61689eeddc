import { PLAY_STATUS } from '@vgl/shared';
import { diaryRow, libraryRow, ratingFrom, rowBase, type Cells, type ImportRow, type RowBase } from '../import.rows.js';
import { calendarDay, instantOf, namesIn } from './columns.js';

// Letterboxd's diary.csv and reviews.csv (Date, Name, Year, Letterboxd URI,
// Rating, Rewatch, Review, Tags, Watched Date), kept by people who log
// games the same way, and ratings.csv / watched.csv, which have no
// Watched Date. Date is when the line was logged; Watched Date when the game
// was played; ratings are 0.5–5 stars, so exact.

/** Tags that say the play reached the end: the diary logs it as finished rather than played. */
const FINISHED_TAGS = /^(finished|beaten|completed|complete|100%|platinum|platinumed)$/i;

function letterboxdRating(cells: Cells): Pick<RowBase, 'rating' | 'ratingNote'> {
  const stars = cells.number('Rating', 'Rating');
  if (stars !== null && stars > 5) return cells.fail(`Rating must be from 0.5 to 5 stars, not ${stars}`) ?? { rating: null, ratingNote: null };
  return ratingFrom(stars ?? 0, 5);
}

/** A diary line: a play on its Watched Date, and a library row carrying the rating and review. */
export function readLetterboxdRecord(line: number, cells: Cells): ImportRow[] {
  const title = cells.get('Name');
  if (!title) return cells.fail('The row has no Name') ?? [];
  const logged = cells.get('Date');
  const base = rowBase(line, { title, year: cells.wholeNumber('Year', 'Year'), ...letterboxdRating(cells), loggedAt: logged ? instantOf(logged) : null });
  const tags = namesIn(cells.get('Tags'));
  const finished = tags.some((tag) => FINISHED_TAGS.test(tag));
  // A diary file says when each line was played; a ratings or watched list only when it was logged.
  const isDiary = cells.has('Watched Date') || cells.has('Rewatch');
  const playedText = cells.get('Watched Date') || (isDiary ? logged : '');
  const playedOn = playedText ? calendarDay(playedText) : null;
  if (playedText && !playedOn) cells.fail(`Watched Date must be a date like 2024-05-31, not "${playedText}"`);
  const review = cells.raw('Review');
  const rows: ImportRow[] = [
    libraryRow(base, {
      status: finished ? PLAY_STATUS.beaten : null,
      review,
      reviewedAt: review ? base.loggedAt : null,
      finishedOn: finished ? playedOn : null,
    }),
  ];
  if (playedOn) {
    rows.push(
      diaryRow(base, {
        playedOn,
        event: finished ? 'finished' : 'played',
        replay: cells.boolean('Rewatch', 'Rewatch') ?? false,
        rating: base.rating,
        note: tags.length > 0 ? `Tags: ${tags.join(', ')}` : null,
      }),
    );
  }
  return rows;
}
