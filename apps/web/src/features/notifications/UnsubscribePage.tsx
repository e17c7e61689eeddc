import { NOTIFICATION_SETTINGS_MESSAGES } from '@vgl/shared';
import { Link, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../lib/api';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import styles from './UnsubscribePage.module.css';
import { useUnsubscribe, useUnsubscribeLink } from './unsubscribeApi';

/** Where the member chooses their e-mails: their settings when signed in, else the sign-in page. */
function SettingsLink() {
  const user = useAuth((s) => s.user);
  return user ? (
    <Link to={`/u/${user.username.toLowerCase()}/settings/notifications`}>Notification settings</Link>
  ) : (
    <Link to="/auth">Log in to choose which e-mails you get</Link>
  );
}

const failure = (error: unknown) => (error instanceof ApiRequestError && error.body?.message) || NOTIFICATION_SETTINGS_MESSAGES.invalidUnsubscribe;

/**
 * /unsubscribe?token=…: the page of a notification e-mail's "Unsubscribe
 * from these e-mails". Opening it changes nothing (mail scanners follow
 * links); the button does, with no login. Mail apps that support one-click
 * unsubscribe POST to /api/unsubscribe themselves.
 */
export function UnsubscribePage() {
  usePageMeta({ title: 'Unsubscribe' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);

  let body;
  if (!token || link.isError) {
    body = (
      <p className="form-message" data-tone="error" role="alert">
        {token ? failure(link.error) : NOTIFICATION_SETTINGS_MESSAGES.invalidUnsubscribe}
      </p>
    );
  } else if (link.isPending) {
    body = <p role="status">Checking your link…</p>;
  } else if (unsubscribe.isSuccess) {
    body = (
      <p className="form-message" data-tone="success" role="status">
        {NOTIFICATION_SETTINGS_MESSAGES.unsubscribed(unsubscribe.data.label)}
      </p>
    );
  } else {
    const { label } = link.data;
    body = (
      <>
        <p>
          Stop e-mails about <strong>{label.toLowerCase()}</strong>? You will still see them on your Notifications page.
        </p>
        {unsubscribe.isError && (
          <p className="form-message" data-tone="error" role="alert">
            {failure(unsubscribe.error)}
          </p>
        )}
        <button type="button" className="button button-primary" disabled={unsubscribe.isPending} aria-busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          Unsubscribe
        </button>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <h1>Unsubscribe from e-mails</h1>
      {body}
      <p>
        <SettingsLink />
      </p>
    </div>
  );
}
