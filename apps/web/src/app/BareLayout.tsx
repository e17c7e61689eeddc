import { Outlet } from 'react-router';
import { ToastHost } from '../components/ToastHost';
import { LoginModal } from '../features/auth/LoginModal';

/** Full-screen pages (the /auth/* screens): no nav or footer, but toasts and the login modal still work. */
export function BareLayout() {
  return (
    <>
      <main id="main" className="bare-main">
        <Outlet />
      </main>
      <ToastHost />
      <LoginModal />
    </>
  );
}
