import { CAPSULE_TEXTS } from '@capsule/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardHandlers, PAGE_LOAD, storedCapsule } from '../../../test/capsule-fixtures';
import { signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { type Call, type Handlers, networkError, serverError } from '../../../test/trpc-mock';
import type { Capsule } from '../capsule-display';
import { INTRO_VIDEO_URL } from './PreviewDialog';

const READ_URL = 'https://storage.test/user-1/video?sp=r&sig=abc';
const callsTo = (calls: Call[], path: string) => calls.filter((call) => call.path === path);

async function openPreview(capsule: Capsule, overrides: Handlers = {}) {
  const result = renderApp({
    route: '/dashboard',
    handlers: {
      ...signedIn(),
      ...dashboardHandlers([capsule], {
        'capsules.preview': () => ({
          url: READ_URL,
          expiresOn: new Date(Date.now() + 600_000).toISOString(),
        }),
        ...overrides,
      }),
    },
  });
  await screen.findByRole('article', { name: capsule.title }, PAGE_LOAD);
  await result.user.click(screen.getByRole('button', { name: 'Capsule options' }));
  await result.user.click(await screen.findByRole('menuitem', { name: 'One-Time Preview' }));
  // The player loads when first opened (a loading dialog of the same title shows meanwhile).
  await screen.findByRole('button', { name: 'Play Preview' }, PAGE_LOAD);
  const dialog = within(screen.getByRole('dialog', { name: 'One-Time Preview' }));
  return { ...result, dialog };
}

describe('One-Time Preview', { timeout: 30_000 }, () => {
  it('asks first, then plays the intro and, when it ends, the capsule', async () => {
    const capsule = storedCapsule(2, { title: 'For Grace' });
    const { dialog, user, calls } = await openPreview(capsule);
    // Nothing is used up before the sender says so.
    expect(callsTo(calls, 'capsules.preview')).toHaveLength(0);
    await waitFor(() => expect(callsTo(calls, 'capsules.counts')).toHaveLength(1));

    await user.click(dialog.getByRole('button', { name: 'Play Preview' }));
    const intro = await dialog.findByTestId('preview-player');
    expect(intro.getAttribute('src')).toBe(INTRO_VIDEO_URL);
    expect(dialog.getByTestId('preview-stage').textContent).toBe('Intro');
    expect(callsTo(calls, 'capsules.preview')[0]?.input).toEqual({ id: capsule.id });
    // The preview is used: the list (and its menus) are fetched again.
    await waitFor(() => expect(callsTo(calls, 'capsules.counts')).toHaveLength(2));

    fireEvent.ended(intro);
    await waitFor(() => expect(dialog.getByTestId('preview-player').getAttribute('src')).toBe(READ_URL));
    expect(dialog.getByTestId('preview-stage').textContent).toBe('For Grace');
  });

  it('goes on to the capsule when the intro cannot be played', async () => {
    const { dialog, user } = await openPreview(storedCapsule(2, { title: 'No intro' }));
    await user.click(dialog.getByRole('button', { name: 'Play Preview' }));
    fireEvent.error(await dialog.findByTestId('preview-player'));
    await waitFor(() => expect(dialog.getByTestId('preview-player').getAttribute('src')).toBe(READ_URL));
  });

  it("toasts 'Error fetching Capsule' with the server's reason when it refuses", async () => {
    const { dialog, user } = await openPreview(storedCapsule(2, { title: 'Seen elsewhere' }), {
      'capsules.preview': () => {
        throw serverError(409, 'The one-time preview of this capsule has already been used.', 'CONFLICT');
      },
    });
    await user.click(dialog.getByRole('button', { name: 'Play Preview' }));
    expect(await screen.findByText(CAPSULE_TEXTS.fetchCapsuleFailedTitle)).toBeTruthy();
    expect(screen.getByText('The one-time preview of this capsule has already been used.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("toasts the spec's text when the call fails", async () => {
    const { dialog, user } = await openPreview(storedCapsule(2, { title: 'Offline' }), {
      'capsules.preview': () => {
        throw networkError();
      },
    });
    await user.click(dialog.getByRole('button', { name: 'Play Preview' }));
    expect(await screen.findByText(CAPSULE_TEXTS.fetchCapsuleFailedBody)).toBeTruthy();
  });
});
