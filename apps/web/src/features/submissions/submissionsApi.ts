import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameSubmission, SubmissionConflict } from '@vgl/shared';
import { api, ApiRequestError } from '../../lib/api';

/** What the "Add this game" form sends (POST /api/games/submissions); empty fields mean "not given". */
export interface GameSubmissionForm {
  name: string;
  year: string;
  platforms: string[];
  url: string;
}

/** The catalog game a 409 names: the game page links it instead of adding it again. */
export function conflictGame(error: unknown): SubmissionConflict['game'] | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const game = (error.body as Partial<SubmissionConflict> | undefined)?.game;
  return game && typeof game.slug === 'string' ? game : null;
}

/** POST /api/games/submissions: the game is made at once; its page is /games/{slug}. */
export function useSubmitGame() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: GameSubmissionForm) =>
      (
        await api.post<GameSubmission>('/api/games/submissions', {
          name: form.name,
          year: form.year.trim() === '' ? null : form.year.trim(),
          platforms: form.platforms,
          url: form.url.trim() === '' ? null : form.url.trim(),
        })
      ).data,
    // A game page asked for before (a 404 then) is asked again.
    onSuccess: (submission) =>
      Promise.all([
        submission.game ? client.invalidateQueries({ queryKey: ['game', submission.game.slug] }) : undefined,
        // The dashboard's queue (dashboardApi's adminKey), should this member be a moderator.
        client.invalidateQueries({ queryKey: ['admin', 'submissions'] }),
      ]),
  });
}
