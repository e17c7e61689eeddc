// zod schemas shared by the server and the web app. Kept apart from the
// plain constants in "@vgl/shared" so pages that need no schema never load zod.
export * from './api.js';
export * from './common.js';
export * from './auth.js';
export * from './catalog.js';
export * from './library.js';
export * from './admin.js';
export * from './social.js';
export * from './people.js';
export * from './tokens.js';
export * from './settings.js';
export * from './library-responses.js';
export * from './home.js';
export * from './catalog-admin.js';
export * from './lists.js';
export * from './friends.js';
export * from './onboarding.js';
export * from './stats.js';
export * from './submissions.js';
export * from './reports.js';
export * from './registration.js';
export * from './notification-settings.js';
export * from './privacy.js';
export * from './releases.js';
export * from './share.js';
export * from './push.js';
export * from './plays.js';
