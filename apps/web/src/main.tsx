import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { refreshToken } from './features/auth/authApi';
import { registerServiceWorker } from './features/pwa/serviceWorker';
import { listenForRenewedPush } from './features/settings/pushApi';
import { createQueryClient } from './lib/queryClient';
import { startAuth } from './stores/auth';
import './styles/global.css';

const queryClient = createQueryClient();
const router = createAppRouter();

// Applies a stored token synchronously (so the first render knows the user),
// then refreshes it in the background when it is about to expire.
void startAuth({ refresh: refreshToken, redirect: (path) => void router.navigate(path, { replace: true }) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

// The installable app (offline shell, update prompt): production builds only, so development never runs a stale cache.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void registerServiceWorker().catch((error: unknown) => console.warn('service worker not registered', error)));
  listenForRenewedPush();
}
