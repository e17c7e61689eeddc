import { APP_ROUTES } from '@vgl/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { HomePage } from '../features/landing/HomePage';
import { Layout } from './Layout';

/**
 * The route table of SPEC §2, as far as features have landed (the same list
 * as APP_ROUTES in packages/shared, which the server uses for 404 statuses).
 * Everything else is the 404 screen — never a placeholder.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: APP_ROUTES.home, element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
