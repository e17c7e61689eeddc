import { describe, expect, it } from 'vitest';
import { isAppRoute } from './routes.js';

describe('known page routes', () => {
  it('match registered pages, params included, and nothing else', () => {
    expect(isAppRoute('/')).toBe(true);
    expect(isAppRoute('/auth/activation/abc123')).toBe(true);
    expect(isAppRoute('/auth/password/new/tok/')).toBe(true);
    expect(isAppRoute('/auth/activation/abc/extra')).toBe(false);
    expect(isAppRoute('/anything-unknown')).toBe(false);
  });

  it('know the profile pages, following and followers included', () => {
    expect(isAppRoute('/u/alice')).toBe(true);
    expect(isAppRoute('/u/alice/diary')).toBe(true);
    expect(isAppRoute('/u/alice/library/')).toBe(true);
    expect(isAppRoute('/u/alice/reviews')).toBe(true);
    expect(isAppRoute('/u/alice/reviews/elden-ring')).toBe(true);
    expect(isAppRoute('/u/alice/following')).toBe(true);
    expect(isAppRoute('/u/alice/followers/')).toBe(true);
    expect(isAppRoute('/u/alice/following/extra')).toBe(false);
  });

  it('know the settings tabs and the suspended page', () => {
    expect(isAppRoute('/u/alice/settings')).toBe(true);
    expect(isAppRoute('/u/alice/settings/')).toBe(true);
    expect(isAppRoute('/u/alice/settings/account')).toBe(true);
    expect(isAppRoute('/u/alice/settings/data')).toBe(true);
    expect(isAppRoute('/u/alice/settings/api')).toBe(true);
    expect(isAppRoute('/u/alice/suspended')).toBe(true);
    expect(isAppRoute('/u/alice/settings/password')).toBe(false);
    expect(isAppRoute('/u/alice/suspended/extra')).toBe(false);
  });

  it('know the signed-in pages: activity feed and notifications', () => {
    expect(isAppRoute('/activity')).toBe(true);
    expect(isAppRoute('/notifications/')).toBe(true);
    expect(isAppRoute('/activity/older')).toBe(false);
  });

  it('know the dashboard: overview, users, reviews, comments, featured reviews and the catalog', () => {
    expect(isAppRoute('/dashboard')).toBe(true);
    expect(isAppRoute('/dashboard/')).toBe(true);
    expect(isAppRoute('/dashboard/users')).toBe(true);
    expect(isAppRoute('/dashboard/reviews')).toBe(true);
    expect(isAppRoute('/dashboard/comments/')).toBe(true);
    expect(isAppRoute('/dashboard/reviews-ft')).toBe(true);
    expect(isAppRoute('/dashboard/catalog')).toBe(true);
    expect(isAppRoute('/dashboard/federation')).toBe(true);
    expect(isAppRoute('/dashboard/settings')).toBe(false);
    expect(isAppRoute('/dashboard/users/alice')).toBe(false);
  });

  it('know the page on what leaves the instance', () => {
    expect(isAppRoute('/about/federation')).toBe(true);
    expect(isAppRoute('/about')).toBe(false);
    expect(isAppRoute('/about/federation/extra')).toBe(false);
  });
});
