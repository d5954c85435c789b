import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// What the capsule screens' browser tests look for, the way a person finds it: a capsule's card
// by its title, a toast by its words, the recipient's player while it plays.

/** A capsule's card (My Capsules) or a received capsule's card, by its accessible name. */
export const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

const toastNamed = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root', { hasText: text }).first();

/** The toast with those words shows; then it is closed, as a person clears it. */
export async function expectToast(page: Page, text: string) {
  await expect.poll(() => toastNamed(page, text).isVisible(), { timeout: 30_000 }).toBe(true);
  await toastNamed(page, text).getByRole('button', { name: 'Close notification' }).click();
}

/** The recipient's player really plays: a signed URL, its time moves, no media error. */
export async function expectPlaying(page: Page) {
  const player = page.getByTestId('received-player');
  await expect.poll(() => player.getAttribute('src'), { timeout: 15_000 }).toMatch(/^http.*sig=/);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime > 0.5 && !v.error && !v.paused), {
      timeout: 30_000,
    })
    .toBe(true);
}
