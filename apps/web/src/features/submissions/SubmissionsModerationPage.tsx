import { SUBMISSION_LIMITS, SUBMISSION_STATES, type AdminSubmission, type SubmissionState } from '@vgl/shared';
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../lib/pageMeta';
import { openModal } from '../../stores/modals';
import { usePageParam } from '../catalog/usePageParam';
import { ListStatus } from '../dashboard/ListControls';
import { Moment } from '../dashboard/Moment';
import { askForReason, ReasonDialog } from '../dashboard/ReasonDialog';
import { profilePath } from '../profile/profilePaths';
import { MergeDialog } from './MergeDialog';
import { useAdminSubmissions, useApproveSubmission, useRejectSubmission, type SubmissionFilter } from './moderationApi';
import dashboard from '../dashboard/dashboard.module.css';
import styles from './submissions.module.css';

const STATE_LABELS: Record<SubmissionState, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', merged: 'Merged' };
const isFilter = (value: string | null): value is SubmissionFilter => value === 'all' || SUBMISSION_STATES.includes(value as SubmissionState);

/**
 * /dashboard/submissions: games members added, pending first (the oldest at
 * the top, a queue). Approve one (it joins the catalog), merge it into the
 * catalog game it is, or reject it with a reason the member reads; each
 * button shows only when the server's viewerCan allows it.
 */
export function SubmissionsModerationPage() {
  usePageMeta({ title: 'Game submissions | Dashboard' });
  const headingId = useId();
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const state: SubmissionFilter = isFilter(params.get('state')) ? (params.get('state') as SubmissionFilter) : 'all';
  const page = usePageParam();
  const submissions = useAdminSubmissions(state, page);
  const approve = useApproveSubmission();
  const reject = useRejectSubmission();
  const [rejecting, setRejecting] = useState<AdminSubmission | null>(null);
  const [merging, setMerging] = useState<AdminSubmission | null>(null);
  const data = submissions.data;

  return (
    <section className={dashboard.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Game submissions</h2>
      <div className={styles.filter}>
        <label htmlFor={filterId}>Show</label>
        <select
          id={filterId}
          value={state}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value === 'all') next.delete('state');
            else next.set('state', event.target.value);
            next.delete('p');
            setParams(next);
          }}
        >
          <option value="all">All, pending first</option>
          {SUBMISSION_STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <ListStatus what="submissions" error={submissions.error} count={data ? data.items.length : null} />
      {data && data.items.length > 0 && (
        <>
          <p className={dashboard.count}>
            {data.total.toLocaleString('en-US')} {data.total === 1 ? 'submission' : 'submissions'}
          </p>
          <ol className={dashboard.items} aria-busy={submissions.isFetching}>
            {data.items.map((submission) => (
              <li key={submission.id}>
                <SubmissionItem submission={submission}>
                  {submission.viewerCan.approve && (
                    <button
                      type="button"
                      className="button button-primary button-small"
                      aria-label={`Approve ${submission.name}`}
                      aria-disabled={approve.isPending || undefined}
                      onClick={() => !approve.isPending && approve.mutate(submission)}
                    >
                      Approve
                    </button>
                  )}
                  {submission.viewerCan.merge && (
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={`Merge ${submission.name} into a catalog game`}
                      onClick={() => {
                        setMerging(submission);
                        openModal('merge-game');
                      }}
                    >
                      Merge…
                    </button>
                  )}
                  {submission.viewerCan.reject && (
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={`Reject ${submission.name}`}
                      onClick={() => {
                        setRejecting(submission);
                        askForReason();
                      }}
                    >
                      Reject
                    </button>
                  )}
                </SubmissionItem>
              </li>
            ))}
          </ol>
          <Pagination page={page} total={data.total} perPage={SUBMISSION_LIMITS.perPage} label="Pages of submissions" />
        </>
      )}
      {rejecting && (
        <ReasonDialog
          title={`Reject ${rejecting.name}`}
          hint={`${rejecting.user.username} is told this reason in a notification; the game stays theirs alone.`}
          submitLabel="Reject game"
          pendingLabel="Rejecting…"
          onSubmit={(reason) => reject.mutateAsync({ target: rejecting, reason })}
        />
      )}
      {merging && <MergeDialog submission={merging} />}
    </section>
  );
}

/** One submission: what the member sent, by whom and when, its state and what was decided. */
function SubmissionItem({ submission, children }: { submission: AdminSubmission; children: ReactNode }) {
  const { game, mergedInto } = submission;
  return (
    <article className={styles.submission} aria-label={submission.name}>
      <h3>
        {game ? <Link to={`/games/${game.slug}`}>{submission.name}</Link> : submission.name}
        {submission.year !== null && ` (${submission.year})`}
        <span className={styles.state} data-state={submission.state}>
          {STATE_LABELS[submission.state]}
        </span>
      </h3>
      <p className={styles.facts}>
        <span>
          By <Link to={profilePath(submission.user.username)}>{submission.user.username}</Link>, <Moment at={submission.createdAt} withTime />
        </span>
        {submission.platforms.length > 0 && <span>On {submission.platforms.map((p) => p.name).join(', ')}</span>}
        {submission.url && (
          <a href={submission.url} target="_blank" rel="noopener noreferrer nofollow ugc">
            {submission.url}
          </a>
        )}
      </p>
      {submission.sameTitle.length > 0 && (
        <p className={styles.same}>
          Same title as pending submission{submission.sameTitle.length === 1 ? '' : 's'} {submission.sameTitle.map((id) => `#${id}`).join(', ')}: approve one and merge the others into it.
        </p>
      )}
      {submission.state !== 'pending' && (
        <p className={styles.facts}>
          <span>
            {STATE_LABELS[submission.state]}
            {submission.decidedBy ? ` by ${submission.decidedBy.username}` : submission.state === 'merged' ? ' by a catalog sync' : ''}, <Moment at={submission.decidedAt} withTime />
          </span>
          {mergedInto && (
            <span>
              Into <Link to={`/games/${mergedInto.slug}`}>{mergedInto.name}</Link>
            </span>
          )}
          {submission.reason && <span>Reason: {submission.reason}</span>}
        </p>
      )}
      <div className={dashboard.rowActions}>{children}</div>
    </article>
  );
}
