import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ToastHost } from '../components/ToastHost';
import { LoginModal } from '../features/auth/LoginModal';
import { Footer } from '../features/nav/Footer';
import { NavBar } from '../features/nav/NavBar';

/** The frame around every page: skip link, navigation, the page, footer, toasts and modals. */
export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ToastHost />
      <LoginModal />
    </>
  );
}
