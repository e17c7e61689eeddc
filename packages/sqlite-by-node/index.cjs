'use strict';
// VGL imports `better-sqlite3`; apps/server/package.json maps that name to this
// folder, which hands over the release that works on the Node.js running:
// - 12 on Node 20: 13 is built for Node 22 and later and crashes on 20;
// - 13 on Node 22 and later: with 12, Node 24 aborts the whole process the
//   first time the garbage collector frees a prepared statement
//   ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook).
// Both have the same API; worker threads that require this file get the same one.
const major = Number(process.versions.node.split('.')[0]);
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the release is chosen at run time
module.exports = require(major >= 22 ? 'better-sqlite3-13' : 'better-sqlite3-12');
