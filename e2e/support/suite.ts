import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, saveFailureScreenshot } from './browser';
import { startSmtpSink, type SmtpSink } from '../../apps/server/src/test/smtp-sink';
import { startServer, type RunningServer } from './server';

export interface BrowserSuite {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * The hooks every browser suite needs: one production server and one
 * Chromium for the file, a fresh context and page per test, and a
 * screenshot in test-results/ when a test fails.
 */
export function browserSuite(
  env: () => Record<string, string> | Promise<Record<string, string>> = () => ({}),
  /** bypassCSP lets axe-core (an injected script, which our CSP rightly blocks) run in every page of the suite. */
  { bypassCSP = false }: { bypassCSP?: boolean } = {},
): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(await env()), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  beforeEach(async () => {
    suite.context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP });
    suite.page = await suite.context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await saveFailureScreenshot(suite.page, task.name);
    await suite.context.close();
  });
  return suite;
}

/** A browser suite whose server sends its mail to a sink of the file's own (activation links, notices). */
export interface MailSuite extends BrowserSuite {
  smtp: SmtpSink;
}

export function browserSuiteWithMail(env: Record<string, string> = {}, options: { bypassCSP?: boolean } = {}): MailSuite {
  const suite = browserSuite(async () => {
    suite.smtp = await startSmtpSink();
    return { SMTP_URL: suite.smtp.url, ...env };
  }, options) as MailSuite;
  afterAll(() => suite.smtp?.close());
  return suite;
}
