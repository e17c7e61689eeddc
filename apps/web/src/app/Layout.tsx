import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../components/Skeleton';
import { ToastHost } from '../components/ToastHost';
import { LoginModal } from '../features/auth/LoginModal';
import { CatalogLoadingNotice } from '../features/catalog/CatalogLoadingNotice';
import { ListActionsProvider } from '../features/lists/AddToList';
import { AppStatus } from '../features/pwa/AppStatus';
import { OutboxSender } from '../features/offline/OutboxSender';
import { Footer } from '../features/nav/Footer';
import { NavBar } from '../features/nav/NavBar';

/** The frame around every page: skip link, navigation, the page, footer, toasts and modals. */
export function Layout() {
  return (
    <Frame>
      {/* Every games grid offers members "Add to list"; the one dialog for it lives here. */}
      <ListActionsProvider>
        <Outlet />
      </ListActionsProvider>
    </Frame>
  );
}

/**
 * The first load on a slow link, while the page's own code is still on its
 * way (every page but "/" loads on demand): the real frame, with placeholders
 * where the page will be. It follows index.html's static shell.
 */
export function LayoutFallback() {
  return (
    <Frame>
      <PageSkeleton />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
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
      <AppStatus />
      <CatalogLoadingNotice />
      <OutboxSender />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <ToastHost />
      <LoginModal />
    </>
  );
}
