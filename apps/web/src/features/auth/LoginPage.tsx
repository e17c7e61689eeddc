import { Link } from 'react-router';
import { AuthScreen } from './AuthScreen';
import { GuestOnly } from './guards';
import { LoginForm } from './LoginForm';

/** /auth (guest-only): the login form as a page, for links and people who land here directly. */
export function LoginPage() {
  return (
    <GuestOnly>
      <AuthScreen
        title="Log in"
        aside={
          <Link to="/auth/register" className="button button-ghost button-small">
            Create account
          </Link>
        }
      >
        <LoginForm />
      </AuthScreen>
    </GuestOnly>
  );
}
