import type { UserRole } from '@vgl/shared';

/**
 * Who may open /dashboard: moderators and admins, by the token's role claim.
 * Only what to show — the server checks every /api/admin call itself. Kept
 * apart from the pages so the nav can ask without loading the dashboard.
 */
export const canOpenDashboard = (role: UserRole | undefined) => role === 'moderator' || role === 'admin';
