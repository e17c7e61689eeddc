export * from './messages.js';
export * from './limits.js';
export * from './meta.js';
export * from './paging.js';
export * from './search.js';
export * from './api-types.js';
export * from './routes.js';
export * from './login.js';
