import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Browser tests need Debian's Chromium. Locally a missing browser skips the
 * suite with a loud warning; in CI (CI=true) it is an error, so a broken
 * install can never pass silently.
 */
export const hasChromium = fs.existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  const message = `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`;
  if (process.env.CI) throw new Error(`${message} The browser suite must run in CI.`);
  console.warn(`\n${'!'.repeat(72)}\n!! BROWSER TESTS SKIPPED. ${message}\n${'!'.repeat(72)}\n`);
}

/** `extraArgs`: more Chromium switches, e.g. --host-resolver-rules for test hosts with their own names. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    chromiumSandbox: false,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Keeps what the page showed when a test failed, in test-results/ (ignored by git). */
export async function saveFailureScreenshot(page: Page, testName: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../../test-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${testName.replace(/[^\w-]+/g, '_').slice(0, 80)}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  console.warn(`screenshot of the failure: ${file}`);
}
