import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from '@vgl/shared';

/*
 * The settings' limits and texts (packages/shared/src/settings.ts); the
 * request and answer schemas of /api/profile are in
 * packages/shared/src/schemas/settings.ts, declared on the routes.
 */
export { SETTINGS_LIMITS, SETTINGS_MESSAGES };
