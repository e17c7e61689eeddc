import { Link } from 'react-router';
import { signUpLabel, useRegistration } from './registrationApi';

/**
 * A link to /auth/register that follows who may join: its own words when
 * sign-up is open (SPEC's "Create account", "Join Now"), "Request an account"
 * when a moderator approves each one, and nothing when registration is closed.
 */
export function SignUpLink({ children, className, onClick }: { children: string; className?: string; onClick?: () => void }) {
  const mode = useRegistration().data?.mode;
  const label = signUpLabel(mode, children);
  if (label === null) return null;
  return (
    <Link to="/auth/register" className={className} onClick={onClick}>
      {label}
    </Link>
  );
}
