import type { ReactNode } from 'react';
import { usePageMeta } from '../../lib/pageMeta';
import { openModal } from '../../stores/modals';
import { useAuth } from '../../stores/auth';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import { SignUpLink } from './SignUpLink';

/** Guest-only pages (SPEC §2): a signed-in user sees the 403 screen. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  return isAuthenticated ? <ForbiddenPage /> : children;
}

/**
 * Login-protected pages. SPEC leaves the signed-out behaviour open; we keep the
 * visitor on the URL they asked for and offer to log in, so the page shows
 * in place once they do.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  return isAuthenticated ? children : <LoginRequired />;
}

function LoginRequired() {
  usePageMeta({ title: 'Log in required' });
  return (
    <section className="notice" data-guard="login-required">
      <h1>Log in to see this page</h1>
      <p>This page is part of your VGL account. Log in, or create an account in a minute.</p>
      <div className="notice-actions">
        <button type="button" className="button button-primary" onClick={() => openModal('login')}>
          Log in
        </button>
        <SignUpLink className="button button-ghost">Create account</SignUpLink>
      </div>
    </section>
  );
}
