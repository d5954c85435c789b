import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { browserTestEnv } from '../../apps/server/test/support/browser-portal.js';

export const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** Debian's Chromium, headless. A missing browser fails the suite: it is never skipped. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(browserTestEnv.chromiumPath)) {
    throw new Error(
      `Chromium not found at ${browserTestEnv.chromiumPath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath: browserTestEnv.chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

/** Saves a full-page screenshot as a test artifact, named after the screen it shows. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
