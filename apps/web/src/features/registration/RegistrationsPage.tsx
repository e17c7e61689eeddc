import { REGISTRATION_MODES, type PendingRegistration, type RegistrationMode } from '@vgl/shared';
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { showToast } from '../../stores/toast';
import { useRegistration } from '../auth/registrationApi';
import { Moment } from '../dashboard/Moment';
import { askForReason, ReasonDialog } from '../dashboard/ReasonDialog';
import { toastFailure } from '../settings/toastFailure';
import { InvitesPanel } from './InvitesPanel';
import { useSaveRegistration, useWaitingRegistrations } from './invitesApi';
import dashboard from '../dashboard/dashboard.module.css';
import styles from './registration.module.css';

const MODE_LABELS: Record<RegistrationMode, { label: string; hint: string }> = {
  open: { label: 'Open', hint: 'Anyone signs up and activates the account by e-mail.' },
  approval: { label: 'Approval', hint: 'A moderator approves each new account here before it can sign in.' },
  invite: { label: 'Invite only', hint: 'Signing up needs an invite code from a member or an admin.' },
  closed: { label: 'Closed', hint: 'Nobody can sign up; members still sign in.' },
};

/**
 * /dashboard/registrations: who may join. Moderators work the approval queue;
 * admins also choose the mode (it wins over REGISTRATION) and whether
 * members may invite, and see every invite.
 */
export function RegistrationsPage() {
  usePageMeta({ title: 'Registrations | Dashboard' });
  const isAdmin = useAuth((s) => s.user?.role === 'admin');
  const info = useRegistration().data;
  return (
    <>
      {isAdmin && info && <ModeSection key={`${info.mode}-${info.memberInvites}`} mode={info.mode} memberInvites={info.memberInvites} />}
      <QueueSection />
      {isAdmin && (
        <section className={dashboard.section} aria-labelledby="dashboard-invites">
          <h2 id="dashboard-invites">Invites</h2>
          <InvitesPanel all />
        </section>
      )}
    </>
  );
}

function ModeSection(props: { mode: RegistrationMode; memberInvites: boolean }) {
  const id = useId();
  const save = useSaveRegistration();
  const [mode, setMode] = useState(props.mode);
  const [memberInvites, setMemberInvites] = useState(props.memberInvites);
  const changed = mode !== props.mode || memberInvites !== props.memberInvites;
  return (
    <section className={dashboard.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Who may join</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (save.isPending || !changed) return;
          save.mutate(
            { mode, memberInvites },
            {
              onSuccess: () => showToast({ variant: 'success', text: `Registration is now ${MODE_LABELS[mode].label.toLowerCase()}.` }),
              onError: (error) => toastFailure('Saving who may join', error),
            },
          );
        }}
      >
        <fieldset className={styles.modes}>
          <legend>Registration</legend>
          {REGISTRATION_MODES.map((m) => (
            <label key={m}>
              <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} />
              <span>
                <strong>{MODE_LABELS[m].label}</strong> — {MODE_LABELS[m].hint}
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.modes}>
          <legend>Invites</legend>
          <label>
            <input type="checkbox" checked={memberInvites} onChange={(event) => setMemberInvites(event.target.checked)} />
            <span>Members may create invite links (admins always can)</span>
          </label>
        </fieldset>
        <p className={dashboard.hint}>Saved here, this choice wins over the REGISTRATION setting of the server.</p>
        <button type="submit" className="button button-primary" aria-disabled={save.isPending || !changed || undefined}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </form>
    </section>
  );
}

function QueueSection() {
  const waiting = useWaitingRegistrations();
  const client = useQueryClient();
  const [declining, setDeclining] = useState<PendingRegistration | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin'] });

  const approve = async (person: PendingRegistration) => {
    if (busy) return;
    setBusy(true);
    try {
      await api.post(`/api/admin/registrations/${person.id}/approve`);
      showToast({ variant: 'success', text: `${person.username} is approved: an activation link is on its way to them.` });
    } catch (error) {
      toastFailure('Approving the account', error);
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  const decline = async (reason: string) => {
    if (!declining) return;
    await api.post(`/api/admin/registrations/${declining.id}/decline`, { reason }).catch((error: unknown) => {
      toastFailure('Declining the account', error);
      throw error;
    });
    showToast({ variant: 'success', text: `${declining.username}'s request is declined and the account removed.` });
    void refresh();
  };

  return (
    <section className={dashboard.section} aria-labelledby="dashboard-registrations">
      <h2 id="dashboard-registrations">Waiting for approval</h2>
      {waiting.isError && <p className={dashboard.error}>The waiting accounts could not be loaded.</p>}
      {waiting.data && waiting.data.length === 0 && <p className={dashboard.empty}>Nobody is waiting for approval.</p>}
      {waiting.data && waiting.data.length > 0 && (
        <ol className={dashboard.items}>
          {waiting.data.map((person) => (
            <li key={person.id}>
              <article aria-label={person.username}>
                <h3>{person.username}</h3>
                <p className={styles.facts}>
                  <span>{person.email}</span>
                  <span>
                    Asked <Moment at={person.requestedAt} withTime />
                  </span>
                </p>
                <div className={dashboard.rowActions}>
                  <button
                    type="button"
                    className="button button-primary button-small"
                    aria-label={`Approve ${person.username}`}
                    aria-disabled={busy || undefined}
                    onClick={() => void approve(person)}
                  >
                    Approve
                  </button>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={`Decline ${person.username}`}
                    onClick={() => {
                      setDeclining(person);
                      askForReason();
                    }}
                  >
                    Decline
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
      {declining && (
        <ReasonDialog
          title={`Decline ${declining.username}`}
          hint={`${declining.username} is e-mailed this reason, and the account is removed.`}
          submitLabel="Decline"
          pendingLabel="Declining…"
          onSubmit={decline}
        />
      )}
    </section>
  );
}
