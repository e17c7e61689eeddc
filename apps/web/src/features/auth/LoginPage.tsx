import { AuthScreen } from './AuthScreen';
import { GuestOnly } from './guards';
import { LoginForm } from './LoginForm';
import { SignUpLink } from './SignUpLink';

/** /auth (guest-only): the login form as a page, for links and people who land here directly. */
export function LoginPage() {
  return (
    <GuestOnly>
      <AuthScreen
        title="Log in"
        aside={
          <SignUpLink className="button button-ghost button-small">Create account</SignUpLink>
        }
      >
        <LoginForm />
      </AuthScreen>
    </GuestOnly>
  );
}
