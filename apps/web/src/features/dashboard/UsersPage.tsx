import { ADMIN_LIMITS, USER_ROLES, type AccountState, type AdminUser, type UserRole } from '@vgl/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../lib/pageMeta';
import { profilePath } from '../profile/profilePaths';
import { useAdminUsers, useChangeRole, useSuspendUser, useUnsuspendUser } from './dashboardApi';
import { ListStatus, SearchBox, useListParams } from './ListControls';
import { Moment } from './Moment';
import { askForReason, ReasonDialog } from './ReasonDialog';
import styles from './dashboard.module.css';

export const ROLE_LABELS: Record<UserRole, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };
const STATE_LABELS: Record<AccountState, string> = { pending: 'Not activated', active: 'Active', suspended: 'Suspended' };

/**
 * /dashboard/users: every account, searched by name or e-mail, with
 * suspend/unsuspend and (admins) the role — each shown only when the
 * server's viewerCan allows it.
 */
export function UsersPage() {
  usePageMeta({ title: 'Users | Dashboard' });
  const headingId = useId();
  const { q, page } = useListParams();
  const users = useAdminUsers(q, page);
  const suspend = useSuspendUser();
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const data = users.data;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Users</h2>
      <SearchBox label="Search users" placeholder="Username or e-mail" />
      <ListStatus what="users" error={users.error} count={data ? data.items.length : null} />
      {data && data.items.length > 0 && (
        <>
          <p className={styles.count}>
            {data.total.toLocaleString('en-US')} {data.total === 1 ? 'user' : 'users'}
            {q ? ` matching “${q}”` : ''}
          </p>
          <div className={styles.tableWrap} role="region" aria-label="Users table" tabIndex={0}>
            <table className={styles.table} aria-busy={users.isFetching}>
              <thead>
                <tr>
                  <th scope="col">Username</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">State</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Last login</th>
                  <th scope="col" className={styles.number}>
                    Games
                  </th>
                  <th scope="col" className={styles.number}>
                    Reviews
                  </th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    onSuspend={() => {
                      setSuspending(user);
                      askForReason();
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} total={data.total} perPage={ADMIN_LIMITS.perPage} label="Pages of users" />
        </>
      )}
      {suspending && (
        <ReasonDialog
          title={`Suspend ${suspending.username}`}
          hint={`${suspending.username} sees this reason while suspended.`}
          submitLabel="Suspend"
          pendingLabel="Suspending…"
          onSubmit={(reason) => suspend.mutateAsync({ target: suspending, reason })}
        />
      )}
    </section>
  );
}

function UserRow({ user, onSuspend }: { user: AdminUser; onSuspend: () => void }) {
  const unsuspend = useUnsuspendUser();
  const { viewerCan } = user;
  return (
    <tr data-state={user.state}>
      <th scope="row">
        <Link to={profilePath(user.username)}>{user.username}</Link>
      </th>
      <td className={styles.email}>{user.email}</td>
      <td>{viewerCan.changeRole ? <RoleControl user={user} /> : ROLE_LABELS[user.role]}</td>
      <td>
        <span className={styles.state}>{STATE_LABELS[user.state]}</span>
        {user.state === 'suspended' && user.suspendedReason && <span className={styles.stateReason}>Reason: {user.suspendedReason}</span>}
      </td>
      <td>
        <Moment at={user.createdAt} />
      </td>
      <td>
        <Moment at={user.lastLoginAt} />
      </td>
      <td className={styles.number}>{user.games.toLocaleString('en-US')}</td>
      <td className={styles.number}>{user.reviews.toLocaleString('en-US')}</td>
      <td>
        <div className={styles.rowActions}>
          {viewerCan.suspend && (
            <button type="button" className="button button-ghost button-small" onClick={onSuspend} aria-label={`Suspend ${user.username}`}>
              Suspend
            </button>
          )}
          {viewerCan.unsuspend && (
            <button
              type="button"
              className="button button-ghost button-small"
              aria-label={`Unsuspend ${user.username}`}
              aria-disabled={unsuspend.isPending || undefined}
              onClick={() => !unsuspend.isPending && unsuspend.mutate(user)}
            >
              Unsuspend
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * The role select (admins): choosing only drafts the change, "Save" sends it,
 * so arrowing through a closed select never promotes anyone by accident.
 */
function RoleControl({ user }: { user: AdminUser }) {
  const changeRole = useChangeRole();
  const [draft, setDraft] = useState<UserRole>(user.role);
  const changed = draft !== user.role;
  return (
    <div className={styles.roleControl}>
      <select aria-label={`Role of ${user.username}`} value={draft} onChange={(event) => setDraft(event.target.value as UserRole)}>
        {USER_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {changed && (
        <button
          type="button"
          className="button button-primary button-small"
          aria-label={`Save the role of ${user.username}`}
          aria-disabled={changeRole.isPending || undefined}
          onClick={() => !changeRole.isPending && changeRole.mutate({ user, role: draft })}
        >
          Save
        </button>
      )}
    </div>
  );
}
