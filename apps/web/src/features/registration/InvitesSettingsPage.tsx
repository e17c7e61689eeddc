import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { useRegistration } from '../auth/registrationApi';
import settings from '../settings/settings.module.css';
import { InvitesPanel } from './InvitesPanel';

/** /u/{username}/settings/invites: a member's invite links, when the admin lets members invite (admins always). */
export function InvitesSettingsPage() {
  usePageMeta({ title: 'Invites | Settings' });
  const isAdmin = useAuth((s) => s.user?.role === 'admin');
  const info = useRegistration().data;
  const allowed = isAdmin || info?.memberInvites === true;
  return (
    <section className={settings.page} aria-labelledby="settings-invites">
      <h1 id="settings-invites">Invites</h1>
      <p className={settings.hint}>
        Send a friend an invite link: it lets as many people sign up as you allow, until it expires.
        {info?.mode !== 'invite' && ' This instance does not need invites to sign up right now, but your links keep working if it does.'}
      </p>
      {info && !allowed ? <p role="status">Only admins can create invites on this instance.</p> : info && <InvitesPanel />}
    </section>
  );
}
