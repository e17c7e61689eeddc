import { COMPLETION_LABELS, type Play } from '@vgl/shared';
import { formatLongDay } from '../profile/dates';
import { formatHours } from '../profile/diaryMonths';

/** "Play 1" for the first play, "Replay 2", "Replay 3"… after it. */
export const playLabel = (play: Pick<Play, 'number' | 'replay'>) => `${play.replay ? 'Replay' : 'Play'} ${play.number}`;

/** "Started May 2, 2025 · Finished June 1, 2025", or "In progress" for a play with no finish yet. */
export function playDates(play: Pick<Play, 'startedOn' | 'finishedOn'>): string {
  const started = play.startedOn ? `Started ${formatLongDay(play.startedOn)}` : null;
  const finished = play.finishedOn ? `Finished ${formatLongDay(play.finishedOn)}` : 'In progress';
  return [started, finished].filter(Boolean).join(' · ');
}

/** The play's facts after its dates: platform, completion, hours and sessions. */
export function playFacts(play: Play): string[] {
  return [
    play.platform?.name ?? null,
    play.completion ? COMPLETION_LABELS[play.completion] : null,
    play.hours !== null ? formatHours(play.hours) : null,
    play.sessions > 0 ? `${play.sessions.toLocaleString('en-US')} ${play.sessions === 1 ? 'session' : 'sessions'}` : null,
  ].filter((fact): fact is string => fact !== null);
}

/** "Played 2 times" / "Played once". */
export const playedTimes = (count: number) => (count === 1 ? 'Played once' : `Played ${count.toLocaleString('en-US')} times`);
