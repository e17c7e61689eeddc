import { INVITE_LIMITS, type Invite } from '@vgl/shared';
import { useId, useState, type FormEvent } from 'react';
import { showToast } from '../../stores/toast';
import { serverFieldErrors } from '../settings/fieldErrors';
import { toastFailure } from '../settings/toastFailure';
import { inviteLink, useCreateInvite, useInvites, useRevokeInvite } from './invitesApi';
import styles from './registration.module.css';

const expiryDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const EXPIRY_DAYS = [1, 7, 30, 90, 365];
const STATUS_LABELS: Record<Invite['status'], string> = { usable: 'Usable', expired: 'Expired', used_up: 'Used up', revoked: 'Revoked' };

/**
 * Invite links: a form for a new one (how many sign-ups it allows, for how
 * long) and the list with the uses left of each, to copy or revoke. `all`:
 * an admin's view of everyone's invites, each with its creator.
 */
export function InvitesPanel({ all = false }: { all?: boolean }) {
  const invites = useInvites(all);
  return (
    <>
      <NewInviteForm />
      {invites.isError && <p role="alert">The invites could not be loaded.</p>}
      {invites.data && invites.data.length === 0 && <p>No invites yet.</p>}
      {invites.data && invites.data.length > 0 && (
        <ul className={styles.invites} aria-label="Invites">
          {invites.data.map((invite) => (
            <InviteItem key={invite.id} invite={invite} />
          ))}
        </ul>
      )}
    </>
  );
}

function NewInviteForm() {
  const id = useId();
  const create = useCreateInvite();
  const [maxUses, setMaxUses] = useState('1');
  const [days, setDays] = useState('7');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const uses = Number(maxUses);
    if (!Number.isInteger(uses) || uses < 1 || uses > INVITE_LIMITS.maxUses) {
      setErrors({ maxUses: `Enter a whole number from 1 to ${INVITE_LIMITS.maxUses}` });
      return;
    }
    try {
      await create.mutateAsync({ maxUses: uses, expiresInDays: Number(days) });
      setErrors({});
      showToast({ variant: 'success', head: 'Invite created', text: 'Copy its link from the list and send it.' });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastFailure('Creating the invite', error);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New invite">
      <div>
        <label htmlFor={`${id}-uses`}>Sign-ups allowed</label>
        <input
          id={`${id}-uses`}
          type="number"
          inputMode="numeric"
          min={1}
          max={INVITE_LIMITS.maxUses}
          value={maxUses}
          aria-invalid={errors.maxUses ? true : undefined}
          aria-describedby={errors.maxUses ? `${id}-error` : undefined}
          onChange={(event) => setMaxUses(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-days`}>Expires after</label>
        <select id={`${id}-days`} value={days} onChange={(event) => setDays(event.target.value)}>
          {EXPIRY_DAYS.map((d) => (
            <option key={d} value={d}>
              {d === 1 ? '1 day' : `${d} days`}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-primary" aria-disabled={create.isPending || undefined}>
        {create.isPending ? 'Creating…' : 'Create invite'}
      </button>
      {(errors.maxUses ?? errors.expiresInDays) && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {errors.maxUses ?? errors.expiresInDays}
        </p>
      )}
    </form>
  );
}

function InviteItem({ invite }: { invite: Invite }) {
  const id = useId();
  const revoke = useRevokeInvite();
  const usable = invite.status === 'usable';
  return (
    <li>
      <label htmlFor={`${id}-link`} className={styles.facts}>
        Invite link {invite.createdBy && `by ${invite.createdBy.username}`}
      </label>
      <input id={`${id}-link`} className={styles.link} type="text" readOnly value={inviteLink(invite.code)} onFocus={(event) => event.currentTarget.select()} />
      <p className={styles.facts}>
        <span>{STATUS_LABELS[invite.status]}</span>
        <span>
          {invite.usesLeft} of {invite.maxUses} {invite.maxUses === 1 ? 'use' : 'uses'} left
        </span>
        {invite.expiresAt !== null && usable && (
          <span>
            Expires <time dateTime={new Date(invite.expiresAt).toISOString()}>{expiryDate.format(invite.expiresAt)}</time>
          </span>
        )}
      </p>
      {usable && (
        <div>
          <button
            type="button"
            className="button button-ghost button-small"
            aria-label={`Revoke invite ${invite.code}`}
            aria-disabled={revoke.isPending || undefined}
            onClick={() =>
              !revoke.isPending &&
              revoke.mutate(invite, {
                onSuccess: () => showToast({ variant: 'success', text: 'The invite is revoked: its link no longer works.' }),
                onError: (error) => toastFailure('Revoking the invite', error),
              })
            }
          >
            Revoke
          </button>
        </div>
      )}
    </li>
  );
}
