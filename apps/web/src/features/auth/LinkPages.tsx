import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { openModal } from '../../stores/modals';
import { AuthScreen } from './AuthScreen';
import { GuestOnly } from './guards';
import { useOneTimeLink } from './useOneTimeLink';

function LinkOutcome({ path, token, onOk }: { path: string; token: string | undefined; onOk: ReactNode }) {
  const { pending, ok, message } = useOneTimeLink(path, token);
  if (pending) return <p role="status">Checking your link…</p>;
  return (
    <>
      <p className="form-message" data-tone={ok ? 'success' : 'error'} role={ok ? 'status' : 'alert'}>
        {message}
      </p>
      {ok ? onOk : null}
    </>
  );
}

/** /auth/activation/{token} (guest-only): activates the account and invites to log in. */
export function ActivateAccountPage() {
  const { token } = useParams();
  return (
    <GuestOnly>
      <AuthScreen title="Activate your account">
        <LinkOutcome
          path="/api/auth/activation"
          token={token}
          onOk={
            <button type="button" className="button button-primary" onClick={() => openModal('login')}>
              Log in
            </button>
          }
        />
        <p>
          <Link to="/auth/activation">Need a new activation link?</Link>
        </p>
      </AuthScreen>
    </GuestOnly>
  );
}

/** /auth/verification/{token}: confirms a new e-mail address (signed in or not). */
export function VerifyEmailPage() {
  const { token } = useParams();
  return (
    <AuthScreen title="Confirm your e-mail address">
      <LinkOutcome
        path="/api/auth/verification"
        token={token}
        onOk={
          <Link to="/" className="button button-primary">
            To Front Page
          </Link>
        }
      />
    </AuthScreen>
  );
}
