import { CAPSULE_UPLOAD_TEXTS } from '@capsule/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// What the capsule screens' browser tests look for, the way a person finds it: a capsule's card
// by its title, a toast by its words, the recipient's player while it plays.

/** A capsule's card (My Capsules) or a received capsule's card, by its accessible name. */
export const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** The status badge's text on that capsule's card. */
export const badge = (page: Page, title: string) =>
  card(page, title).getByTestId('status-badge').textContent();

/** Reloads the list until the capsule's card says Stored: the review job has accepted its video. */
export async function untilCardStored(page: Page, title: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        await card(page, title).waitFor();
        return badge(page, title);
      },
      { timeout: 90_000, interval: 2_000 },
    )
    .toBe('Stored');
}

/**
 * Whether the portal's Content-Security-Policy lets the page reach the test's blob emulator.
 * The server lists the emulator of `npm start` (AZURITE_PORT, 10000 by default); the test
 * portal's Azurite listens on a free port, which the policy only names when the test harness
 * passes it as AZURITE_PORT. Until then the page's context bypasses the policy: the policy
 * itself is the server's to test, the upload is the test's.
 */
export async function cspAllowsStorage(portal: { baseUrl: string; blobEndpoint: string }): Promise<boolean> {
  const response = await fetch(`${portal.baseUrl}/login`);
  const policy = response.headers.get('content-security-policy') ?? '';
  const storage = new URL(portal.blobEndpoint).origin;
  const allows = (directive: string) =>
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .some(([name, ...sources]) => name === directive && sources.includes(storage));
  return allows('connect-src') && allows('media-src');
}

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

/**
 * The sender's upload dialog, from the capsule's card: the video, an optional note for the
 * recipient, the confirmation, Upload; then the review job stores it (the list shows it on
 * reload).
 */
export async function uploadUntilStored(
  page: Page,
  {
    title,
    recipientName,
    video,
    note,
  }: { title: string; recipientName: string; video: string; note?: string },
) {
  const T = CAPSULE_UPLOAD_TEXTS;
  await card(page, title).getByRole('button', { name: title }).click();
  const upload = page.getByRole('dialog', { name: `Upload Video for ${recipientName}` });
  await upload.getByLabel('Video file').setInputFiles(video);
  await upload.getByTestId('video-preview').waitFor();
  if (note) await upload.getByRole('textbox', { name: 'Message to the recipient' }).fill(note);
  await upload.getByRole('checkbox', { name: T.confirmLabel }).check();
  await upload.getByRole('button', { name: T.upload, exact: true }).click();
  await expectToast(page, T.uploadSuccessfulTitle);
  await expect
    .poll(
      async () => {
        await page.reload();
        return card(page, title).getByTestId('status-badge').textContent();
      },
      { timeout: 90_000, interval: 2_000 },
    )
    .toBe('Stored');
}
