import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { browserTestEnv } from '../../apps/server/test/support/browser-portal.js';

export const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

/** Debian's Chromium, headless. A missing browser fails the suite: it is never skipped. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(browserTestEnv.chromiumPath)) {
    throw new Error(
      `Chromium not found at ${browserTestEnv.chromiumPath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  const browser = await chromium.launch({
    executablePath: browserTestEnv.chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // A camera and a microphone for the upload dialog's recorder: Chromium's test pattern and
      // tone, allowed without a prompt. Pages that never ask for them are not affected.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    // Without script, the page the server sent is all there is.
    if (options?.javaScriptEnabled === false) return context;
    const newPage = context.newPage.bind(context);
    context.newPage = async () => untilTakenOver(await newPage());
    return context;
  };
  return browser;
}

/**
 * A signed-in page opened directly is rendered by the server (apps/server/src/first-page): its
 * content shows before the app's script has run, and a click on it does nothing until the app
 * has taken the page over, as for any visitor. Tests act like a visitor who waits for that: each
 * page's goto and reload resolve once the app is ready (the attribute SignedInArea sets), when
 * the page was a server-rendered one.
 */
function untilTakenOver(page: Page): Page {
  const takenOver = (timeout?: number) =>
    page.waitForFunction(
      () =>
        !document.documentElement.hasAttribute('data-first-page') ||
        document.documentElement.hasAttribute('data-app-ready'),
      undefined,
      { polling: 100, ...(timeout === undefined ? {} : { timeout }) },
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await takenOver(args[1]?.timeout);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await takenOver(args[0]?.timeout);
    return response;
  };
  return page;
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

/**
 * The screen as the user sees it: the viewport, where dialogs and toasts sit fixed (a full-page
 * capture draws them mid-page at 375 px), once what moves has stopped. What loops for as long
 * as something runs (a live camera, a progress bar's stripes, a spinner) is not waited for.
 */
export async function viewportShot(page: Page, name: string): Promise<string> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
      .every((a) => a.playState !== 'running'),
  );
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Whether the element is the page's focused one (a dialog's focus trap moves it after its transition). */
export const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);
