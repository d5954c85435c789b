import { CAPSULE_TEXTS, formatDate } from '@capsule/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/fixtures';
import { dayFromNow, makeReceived, PAGE_LOAD, receivedHandlers } from '../../../test/received-fixtures';
import { renderApp } from '../../../test/render';
import { type Call, deferred, serverError } from '../../../test/trpc-mock';
import type { ReceivedCapsule } from '../received-display';

const callsTo = (calls: Call[], path: string) => calls.filter((call) => call.path === path);

async function openFrom(capsule: ReceivedCapsule, button: string, overrides = {}) {
  const result = renderApp({
    route: '/received-capsules',
    handlers: { ...signedIn(), ...receivedHandlers([capsule], overrides) },
  });
  const card = await screen.findByRole('article', {}, PAGE_LOAD);
  await result.user.click(within(card).getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: capsule.title });
  return { ...result, dialog };
}

describe('Received Capsule Details', { timeout: 20_000 }, () => {
  it("shows the badges, 'From' with a pulse until the server answers, the message fallback and the created date", async () => {
    const byId = deferred<ReceivedCapsule>();
    const capsule = makeReceived({ title: 'For Ada', category: 'Wedding', message: null });
    const { dialog, calls } = await openFrom(capsule, 'View Details', {
      'receivedCapsules.byId': () => byId.promise,
    });

    expect(within(dialog).getByTestId('details-badges').textContent).toBe('WeddingSent To You');
    expect(within(dialog).getByRole('tab', { name: 'Details', selected: true })).toBeTruthy();
    expect(within(dialog).getByTestId('sender-pulse')).toBeTruthy();
    expect(within(dialog).getByText('Their Capsule is their message to you.')).toBeTruthy();
    expect(dialog.textContent).toContain(`Created: ${formatDate(capsule.createdAt)}`);
    expect(callsTo(calls, 'receivedCapsules.byId').map((c) => c.input)).toEqual([{ id: capsule.id }]);

    byId.resolve({ ...capsule, message: 'Happy wedding day, Ada!' });
    const sender = await within(dialog).findByTestId('sender');
    expect(sender.textContent).toBe('Grace Hoppergrace@example.com');
    expect(within(sender).getByRole('link').getAttribute('href')).toBe('mailto:grace@example.com');
    expect(within(dialog).queryByTestId('sender-pulse')).toBeNull();
    expect(within(dialog).getByText('Happy wedding day, Ada!')).toBeTruthy();
    // Not played yet: the video is asked for only when the recipient wants it.
    expect(callsTo(calls, 'receivedCapsules.secureUrl')).toHaveLength(0);
  });

  it("'View Capsule' opens the Video tab, plays from the secure URL and records the first play once", async () => {
    const capsule = makeReceived({ title: 'Play me' });
    const { dialog, calls } = await openFrom(capsule, 'View Capsule');

    expect(within(dialog).getByRole('tab', { name: 'Video', selected: true })).toBeTruthy();
    const player = (await within(dialog).findByTestId('received-player')) as HTMLVideoElement;
    expect(player.getAttribute('src')).toBe('https://storage.test/video.mp4?sig=read');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(callsTo(calls, 'receivedCapsules.secureUrl').map((c) => c.input)).toEqual([{ id: capsule.id }]);
    expect(callsTo(calls, 'receivedCapsules.played')).toHaveLength(0);

    fireEvent(player, new Event('playing'));
    fireEvent(player, new Event('pause'));
    fireEvent(player, new Event('playing'));
    await waitFor(() => expect(callsTo(calls, 'receivedCapsules.played')).toHaveLength(1));
    expect(callsTo(calls, 'receivedCapsules.played')[0]?.input).toEqual({ id: capsule.id });
  });

  it('offers the Video tab from the details too, with a visible trigger and a play button', async () => {
    const capsule = makeReceived({ title: 'Tabbed' });
    const { dialog, user, calls } = await openFrom(capsule, 'View Details');
    await user.click(within(dialog).getByRole('tab', { name: 'Video' }));
    await user.click(within(dialog).getByRole('button', { name: 'Play video' }));
    expect((await within(dialog).findByTestId('received-player')).getAttribute('src')).toMatch(/sig=read/);
    expect(callsTo(calls, 'receivedCapsules.secureUrl')).toHaveLength(1);
  });

  it("asks once for a new URL when the video fails mid-way (an expired URL), then gives the spec's error", async () => {
    let signed = 0;
    const capsule = makeReceived({ title: 'Long pause' });
    const { dialog, calls } = await openFrom(capsule, 'View Capsule', {
      'receivedCapsules.secureUrl': () => {
        signed += 1;
        return { url: `https://storage.test/video.mp4?sig=${signed}`, expiresAt: new Date().toISOString() };
      },
    });
    const first = await within(dialog).findByTestId('received-player');
    expect(first.getAttribute('src')).toBe('https://storage.test/video.mp4?sig=1');
    fireEvent(first, new Event('error'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('received-player').getAttribute('src')).toBe(
        'https://storage.test/video.mp4?sig=2',
      ),
    );
    expect(screen.queryByText(CAPSULE_TEXTS.fetchCapsuleFailedTitle)).toBeNull();

    fireEvent(within(dialog).getByTestId('received-player'), new Event('error'));
    expect(await screen.findByText(CAPSULE_TEXTS.fetchCapsuleFailedTitle)).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(CAPSULE_TEXTS.fetchCapsuleFailedBody);
    expect(callsTo(calls, 'receivedCapsules.secureUrl')).toHaveLength(2);
  });

  it("toasts 'Error fetching Capsule' with the server's reason when the video is refused", async () => {
    const capsule = makeReceived({ title: 'Refused' });
    const { dialog } = await openFrom(capsule, 'View Capsule', {
      'receivedCapsules.secureUrl': () => {
        throw serverError(403, 'This capsule opens once your document is verified.', 'FORBIDDEN');
      },
    });
    expect(await screen.findByText(CAPSULE_TEXTS.fetchCapsuleFailedTitle)).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'This capsule opens once your document is verified.',
    );
    expect(within(dialog).queryByTestId('received-player')).toBeNull();
  });

  it("uses the spec's text when the server cannot be reached", async () => {
    const capsule = makeReceived({ title: 'Offline' });
    await openFrom(capsule, 'View Capsule', {
      'receivedCapsules.secureUrl': () => {
        throw serverError(500, 'Internal server error', 'INTERNAL_SERVER_ERROR');
      },
    });
    await screen.findByText(CAPSULE_TEXTS.fetchCapsuleFailedTitle);
    // The toast and the tab both say it.
    expect(screen.getAllByText(CAPSULE_TEXTS.fetchCapsuleFailedBody)).toHaveLength(2);
  });

  it('says why a capsule that is not released cannot be played yet', async () => {
    const date = dayFromNow(40);
    const capsule = makeReceived({ title: 'Later', criteria: 'Milestone_Date', deliveryDate: date });
    const { dialog, user, calls } = await openFrom(capsule, 'View Details');
    await user.click(within(dialog).getByRole('tab', { name: 'Video' }));
    expect(within(dialog).getByTestId('video-closed').textContent).toContain(
      `This capsule opens on ${formatDate(date)}.`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Play video' })).toBeNull();
    expect(callsTo(calls, 'receivedCapsules.secureUrl')).toHaveLength(0);
  });

  it('gives the reason of a rejected document and a way to send another', async () => {
    const capsule = makeReceived({
      title: 'Rejected',
      criteria: 'Premium_Verification',
      documentStatus: 'Rejected',
      documentRejectionReason: 'The name on the certificate is unreadable.',
    });
    const { dialog, user } = await openFrom(capsule, 'View Details');
    expect(dialog.textContent).toContain('Document: Not accepted');
    await user.click(within(dialog).getByRole('tab', { name: 'Video' }));
    expect(within(dialog).getByTestId('video-closed').textContent).toContain(
      'Reason given: The name on the certificate is unreadable.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit Documents' }));
    expect(await screen.findByRole('dialog', { name: 'Verify Milestone Documents' })).toBeTruthy();
  });
});
