import { APP_ROUTES, type AudienceCard } from '@vgl/shared';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { FormSection } from '../../components/form/FormSection';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import { profilePath } from '../profile/profilePaths';
import { toastFailure } from '../settings/toastFailure';
import { useAnswerRequest, useAudienceList, useAudienceToggle, usePrivacySettings, useRemoteList, useSavePrivacy, type AudienceListKind } from './privacyApi';
import { RemoteBlocksSection, RemoteFollowersSection, RemoteRequests } from './RemoteFollowers';
import styles from './privacy.module.css';

function PrivacySection({ username }: { username: string }) {
  const settings = usePrivacySettings();
  const save = useSavePrivacy(username);
  const change = (field: 'isPrivate' | 'hideFromSearch', value: boolean) => save.mutate({ [field]: value }, { onError: (error) => toastFailure('Saving your privacy settings', error) });
  const data = settings.data;
  return (
    <FormSection title="Privacy">
      {settings.isError && <p role="alert">Your privacy settings could not be loaded. Please try again.</p>}
      <label className={styles.check}>
        <input type="checkbox" checked={data?.isPrivate ?? false} disabled={!data || save.isPending} onChange={(e) => change('isPrivate', e.target.checked)} />
        Private profile
      </label>
      <p className={styles.hint}>
        Only followers you approve see your activity, library, diary, lists, reviews and stats. Others see your name, picture and counts, and can ask to follow you. Members can still find you by name.
      </p>
      <label className={styles.check}>
        <input type="checkbox" checked={data?.hideFromSearch ?? false} disabled={!data || save.isPending} onChange={(e) => change('hideFromSearch', e.target.checked)} />
        Hide from search engines
      </label>
      <p className={styles.hint}>Your pages ask search engines such as Google not to list them.</p>
      <p className={styles.hint}>
        <Link to={APP_ROUTES.aboutFederation}>What leaves this instance</Link>: what other servers of the fediverse can receive from you, and how a private profile stops it.
      </p>
    </FormSection>
  );
}

function Person({ card, children }: { card: AudienceCard; children: ReactNode }) {
  return (
    <li className={styles.person}>
      <Link to={profilePath(card.username)} className={styles.who}>
        <Avatar avatar={card.avatar} size="sm" />
        {card.username}
      </Link>
      <div className={styles.actions}>{children}</div>
    </li>
  );
}

function Undo({ what, username }: { what: 'block' | 'mute'; username: string }) {
  const toggle = useAudienceToggle(what, username);
  const label = what === 'block' ? 'Unblock' : 'Unmute';
  return (
    <button type="button" className="button button-ghost button-small" disabled={toggle.isPending} onClick={() => toggle.mutate(false, { onError: (error) => toastFailure(label, error) })}>
      {label}
      <span className="visually-hidden"> {username}</span>
    </button>
  );
}

/** Members asking to follow you, and accounts on other servers asking the same: one list of requests to answer. */
function Requests() {
  const answer = useAnswerRequest();
  const local = useAudienceList('follow-requests');
  const remote = useRemoteList('requests');
  const run = (username: string, verb: 'approve' | 'decline') =>
    answer.mutate({ username, answer: verb }, { onError: (error) => toastFailure(verb === 'approve' ? 'Approving' : 'Declining', error) });
  const nobody = local.data?.length === 0 && (remote.data?.length ?? 0) === 0;
  return (
    <FormSection title="Follow requests">
      {(local.isError || remote.isError) && <p role="alert">This list could not be loaded. Please try again.</p>}
      {nobody && <p className={styles.hint}>Nobody is waiting.</p>}
      {local.data && local.data.length > 0 && (
        <ul className={styles.people}>
          {local.data.map((card) => (
            <Person key={card.username} card={card}>
              <button type="button" className="button button-primary button-small" disabled={answer.isPending} onClick={() => run(card.username, 'approve')}>
                Approve<span className="visually-hidden"> {card.username}</span>
              </button>
              <button type="button" className="button button-ghost button-small" disabled={answer.isPending} onClick={() => run(card.username, 'decline')}>
                Decline<span className="visually-hidden"> {card.username}</span>
              </button>
            </Person>
          ))}
        </ul>
      )}
      {remote.data && <RemoteRequests requests={remote.data} />}
    </FormSection>
  );
}

function People({ kind, title, empty, hint, children }: { kind: AudienceListKind; title: string; empty: string; hint?: string; children: (card: AudienceCard) => ReactNode }) {
  const list = useAudienceList(kind);
  return (
    <FormSection title={title}>
      {hint && <p className={styles.hint}>{hint}</p>}
      {list.isError && <p role="alert">This list could not be loaded. Please try again.</p>}
      {list.data?.length === 0 && <p className={styles.hint}>{empty}</p>}
      {list.data && list.data.length > 0 && (
        <ul className={styles.people}>
          {list.data.map((card) => (
            <Person key={card.username} card={card}>
              {children(card)}
            </Person>
          ))}
        </ul>
      )}
    </FormSection>
  );
}

function PrivacySettings({ username }: { username: string }) {
  usePageMeta({ title: 'Privacy settings' });
  return (
    <div className={styles.page}>
      <h1>Privacy and safety</h1>
      <PrivacySection username={username} />
      <Requests />
      <RemoteFollowersSection />
      <People kind="blocks" title="Blocked" empty="You have not blocked anyone." hint="They cannot follow you, like or comment on your things, or see them while signed in.">
        {(card) => <Undo what="block" username={card.username} />}
      </People>
      <RemoteBlocksSection />
      <People kind="mutes" title="Muted" empty="You have not muted anyone." hint="Their activity stays out of your feed and notifications. They are not told.">
        {(card) => <Undo what="mute" username={card.username} />}
      </People>
    </div>
  );
}

/** /u/{username}/settings/privacy: private profile, search engines, follow requests (from here and other servers), followers on other servers, and the members you block or mute. */
export function PrivacySettingsPage() {
  const { username = '' } = useParams();
  const user = useAuth((s) => s.user);
  if (!user || user.username.toLowerCase() !== username.toLowerCase()) return <ForbiddenPage />;
  return <PrivacySettings username={user.username} />;
}
