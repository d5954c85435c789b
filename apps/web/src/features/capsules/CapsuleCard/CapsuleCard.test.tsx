import { CAPSULE_REFUSALS, CAPSULE_TEXTS } from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dayIn, daysAgo, makeCapsule, storedCapsule } from '../../../test/capsule-fixtures';
import { render } from '../../../test/render';
import type { Capsule } from '../capsule-display';
import { CapsuleCard, countdownLabel } from './CapsuleCard';

function renderCard(capsule: Capsule) {
  const onOpen = vi.fn();
  const result = render(<CapsuleCard capsule={capsule} now={new Date()} onOpen={onOpen} />);
  return { ...result, onOpen };
}

async function menuItems(user: ReturnType<typeof renderCard>['user']) {
  await user.click(screen.getByRole('button', { name: 'Capsule options' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => ({
      label: item.textContent,
      disabled: item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true',
    }));
}

describe('capsule card', { timeout: 15_000 }, () => {
  it('shows the title, kind and status badges, recipient, delivery date, length, progress and countdown', () => {
    const delivery = new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    renderCard(
      storedCapsule(2, {
        title: 'For Grace',
        kind: 'journey',
        deliveryDate: delivery,
        createdAt: daysAgo(400),
        category: 'Wedding',
      }),
    );

    const card = screen.getByRole('article', { name: 'For Grace' });
    expect(within(card).getByText('Journey')).toBeTruthy();
    expect(within(card).getByTestId('status-badge').textContent).toBe('Stored');
    expect(within(card).getByText('Grace Hopper')).toBeTruthy();
    expect(within(card).getByText('Wedding')).toBeTruthy();
    expect(within(card).getByText('5 minutes')).toBeTruthy();
    expect(within(card).getByText('50%')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    const countdown = within(card).getByTestId('countdown-badge');
    expect(countdown.textContent).toMatch(/^(399|400) days left$/);
    expect(countdown.getAttribute('style')).toContain('green');
  });

  it("shows the stored video's thumbnail", () => {
    renderCard(
      storedCapsule(2, { title: 'With picture', videoThumbnailUrl: 'https://storage.test/t.jpg?sig=1' }),
    );
    const card = screen.getByRole('article', { name: 'With picture' });
    expect(within(card).getByTestId('capsule-thumbnail').getAttribute('src')).toBe(
      'https://storage.test/t.jpg?sig=1',
    );
  });

  it('shows no image on a card without a thumbnail', () => {
    renderCard(makeCapsule({ title: 'Bare' }));
    expect(screen.queryByTestId('capsule-thumbnail')).toBeNull();
  });

  it("says 'No recipient yet' and shows To_Delete as 'To Be Deleted' on the sender list", () => {
    renderCard(makeCapsule({ status: 'To_Delete', previousStatus: 'Pending_Recipient', title: 'Marked' }));
    expect(screen.getByText(CAPSULE_TEXTS.noRecipientYet)).toBeTruthy();
    expect(screen.getByTestId('status-badge').textContent).toBe('To Be Deleted');
    expect(screen.getByTestId('countdown-badge').textContent).toBe('No delivery date');
  });

  it('says in plain words when each kind of capsule opens, and names the condition in its badge', () => {
    renderCard(makeCapsule({ title: 'Any time', kind: 'journey', deliveryCriteria: 'View_Any_Time' }));
    const anyTime = screen.getByRole('article', { name: 'Any time' });
    expect(within(anyTime).getByTestId('release-condition').textContent).toBe('Can be opened at any time');
    expect(within(anyTime).getByTestId('countdown-badge').textContent).toBe('Opens any time');
    expect(within(anyTime).queryByText(/no delivery date/i)).toBeNull();

    renderCard(
      storedCapsule(2, {
        title: 'Proof',
        deliveryCriteria: 'Premium_Verification',
        recipientName: 'Mia Wong',
      }),
    );
    const proof = screen.getByRole('article', { name: 'Proof' });
    expect(within(proof).getByTestId('release-condition').textContent).toBe(
      "Opens when Mia's document is verified",
    );
    expect(within(proof).getByTestId('countdown-badge').textContent).toBe('Opens on verification');

    renderCard(storedCapsule(2, { title: 'Dated', deliveryDate: '2030-05-04' }));
    const dated = screen.getByRole('article', { name: 'Dated' });
    expect(within(dated).getByTestId('release-condition').textContent).toBe('Opens on May 4, 2030');
  });

  it('asks for the date of a Milestone Date capsule that has none, and no more once delivered', () => {
    renderCard(storedCapsule(2, { title: 'Undated', deliveryDate: null }));
    const card = screen.getByRole('article', { name: 'Undated' });
    expect(within(card).getByTestId('release-condition').textContent).toBe(
      'Opens on its delivery date, which is not set yet',
    );
    expect(
      within(card).getByText('Set its delivery date: it cannot be locked or open without one.'),
    ).toBeTruthy();
    expect(within(card).getByTestId('countdown-badge').textContent).toBe('No delivery date');

    // Before a recipient the date cannot be set yet: the card does not ask for it.
    renderCard(makeCapsule({ title: 'Fresh' }));
    const fresh = screen.getByRole('article', { name: 'Fresh' });
    expect(within(fresh).queryByText(/Set its delivery date/)).toBeNull();
  });

  it('shows the delivery: waiting to open, opened on, played on; never a call for a date', () => {
    const delivered = (title: string, delivery: Partial<NonNullable<Capsule['delivery']>>) =>
      storedCapsule(12, {
        title,
        locked: true,
        deliveryDate: dayIn(100),
        deliveredAt: daysAgo(1),
        delivery: {
          deliveredAt: daysAgo(1),
          emailedAt: daysAgo(1),
          emailStatus: 'sent',
          openedAt: null,
          playedAt: null,
          objectionEndsAt: null,
          ...delivery,
        },
      });
    renderCard(delivered('Waiting', {}));
    expect(
      within(screen.getByRole('article', { name: 'Waiting' })).getByTestId('delivery-state').textContent,
    ).toMatch(/^Delivered on .+, waiting to open$/);
    renderCard(delivered('Opened', { openedAt: '2026-11-20T10:00:00Z' }));
    expect(
      within(screen.getByRole('article', { name: 'Opened' })).getByTestId('delivery-state').textContent,
    ).toBe('Opened on Nov 20, 2026');
    renderCard(delivered('Played', { openedAt: '2026-11-20T10:00:00Z', playedAt: '2026-11-21T10:00:00Z' }));
    const played = screen.getByRole('article', { name: 'Played' });
    expect(within(played).getByTestId('delivery-state').textContent).toBe('Played on Nov 21, 2026');
    expect(within(played).queryByText(/Set .*delivery date/)).toBeNull();
    expect(within(played).queryByText('Not set')).toBeNull();
  });

  it('words the countdown and colours it from green to red', () => {
    expect(countdownLabel(null)).toBe('No delivery date');
    expect(countdownLabel(-3)).toBe('Delivery date passed');
    expect(countdownLabel(0)).toBe('Delivery today');
    expect(countdownLabel(1)).toBe('1 day left');
    expect(countdownLabel(1200)).toBe('1,200 days left');
  });

  it('opens Assign Recipient on a click on a Pending_Recipient card', async () => {
    const { user, onOpen } = renderCard(makeCapsule({ title: 'Waiting' }));
    await user.click(screen.getByRole('button', { name: 'Waiting' }));
    expect(onOpen).toHaveBeenCalledWith('assignRecipient');
  });

  it('opens the upload dialog on a Pending_Upload card, and offers Upload Video in its menu', async () => {
    const { user, onOpen } = renderCard(
      makeCapsule({ status: 'Pending_Upload', title: 'Ready', recipientName: 'Grace Hopper' }),
    );
    await user.click(screen.getByRole('button', { name: 'Ready' }));
    expect(onOpen).toHaveBeenCalledWith('upload');

    const items = await menuItems(user);
    expect(items).toEqual([
      { label: 'Upload Video', disabled: false },
      { label: 'Set Capsule Info', disabled: false },
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Upload Video' }));
    expect(onOpen).toHaveBeenLastCalledWith('upload');
  });

  it('on day 9 after the upload offers the preview, Reupload Video, Set Capsule Info, Lock and Delete', async () => {
    const { user, onOpen } = renderCard(storedCapsule(9));
    const items = await menuItems(user);
    expect(items.map((item) => item.label)).toEqual([
      'View Details',
      'One-Time Preview',
      'Reupload Video',
      'Set Capsule Info',
      'Lock Capsule',
      'Delete Capsule',
    ]);

    await user.click(screen.getByRole('menuitem', { name: 'Reupload Video' }));
    expect(onOpen).toHaveBeenCalledWith('reupload');
    await user.click(screen.getByRole('button', { name: 'Capsule options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Capsule' }));
    expect(onOpen).toHaveBeenCalledWith('deleteVideo');
  });

  it('opens its menu from the keyboard and gives the focus back to the options button on Escape', async () => {
    const { user } = renderCard(storedCapsule(3));
    const options = screen.getByRole('button', { name: 'Capsule options' });
    options.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'View Details' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Capsule options' })),
    );
  });

  it('on day 11 after the upload no longer offers Reupload Video, Lock Capsule or Delete Capsule', async () => {
    const { user } = renderCard(storedCapsule(11));
    const items = await menuItems(user);
    expect(items.map((item) => item.label)).toEqual(['View Details', 'One-Time Preview', 'Set Capsule Info']);
  });

  it('offers the one-time preview only until it is used', async () => {
    const { user, onOpen } = renderCard(storedCapsule(3));
    await user.click(screen.getByRole('button', { name: 'Capsule options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'One-Time Preview' }));
    expect(onOpen).toHaveBeenCalledWith('preview');
  });

  it('offers no preview once it has been used, nor while the video is reviewed', async () => {
    const used = renderCard(storedCapsule(3, { previewViewed: true, title: 'Seen' }));
    expect((await menuItems(used.user)).map((item) => item.label)).not.toContain('One-Time Preview');
    used.unmount();
    const reviewing = renderCard(storedCapsule(0, { status: 'Reviewing', title: 'Checking' }));
    expect(await menuItems(reviewing.user)).toEqual([{ label: 'View Details', disabled: false }]);
    await reviewing.user.keyboard('{Escape}');
    await reviewing.user.click(screen.getByRole('button', { name: 'Checking' }));
    expect(reviewing.onOpen).toHaveBeenCalledWith('details');
  });

  it('once locked, shows Set Capsule Info disabled with the reason, and neither reupload, lock nor delete', async () => {
    const { user } = renderCard(storedCapsule(2, { locked: true }));
    expect(screen.getByText('Locked')).toBeTruthy();
    const items = await menuItems(user);
    expect(items).toEqual([
      { label: 'View Details', disabled: false },
      { label: 'One-Time Preview', disabled: false },
      { label: `Set Capsule Info${CAPSULE_REFUSALS.infoFinal}`, disabled: true },
    ]);
  });

  it('keeps Set Capsule Info open on a capsule locked without its date (before the lock asked for one)', async () => {
    const { user } = renderCard(storedCapsule(2, { locked: true, deliveryDate: null }));
    expect(await menuItems(user)).toContainEqual({ label: 'Set Capsule Info', disabled: false });
  });

  it('offers Lock Capsule on a capsule without its date: the dialog asks for it', async () => {
    const { user, onOpen } = renderCard(storedCapsule(2, { deliveryDate: null }));
    expect(await menuItems(user)).toContainEqual({ label: 'Lock Capsule', disabled: false });
    await user.click(screen.getByRole('menuitem', { name: 'Lock Capsule' }));
    expect(onOpen).toHaveBeenCalledWith('lock');
  });

  it('offers Recover Capsule on a capsule marked for deletion', async () => {
    const { user, onOpen } = renderCard(makeCapsule({ status: 'To_Delete', previousStatus: 'Sent' }));
    expect(await menuItems(user)).toEqual([{ label: 'Recover Capsule', disabled: false }]);
    await user.click(screen.getByRole('menuitem', { name: 'Recover Capsule' }));
    expect(onOpen).toHaveBeenCalledWith('recover');
  });

  it('has no options menu while the video is being uploaded; a click opens the upload to resume it', async () => {
    const { user, onOpen } = renderCard(
      makeCapsule({ status: 'Upload_In_Progress', recipientName: 'Grace Hopper', title: 'Halfway' }),
    );
    expect(screen.queryByRole('button', { name: 'Capsule options' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Halfway' }));
    expect(onOpen).toHaveBeenCalledWith('upload');
  });

  it('shows a video being checked, then how far its playback copy is', () => {
    const checking = renderCard(
      makeCapsule({ title: 'Being checked', status: 'Reviewing', processingPercent: null }),
    );
    expect(screen.getByTestId('video-preparing').textContent).toBe(CAPSULE_TEXTS.checkingVideo);
    checking.unmount();
    renderCard(makeCapsule({ title: 'Being prepared', status: 'Reviewing', processingPercent: 40 }));
    expect(screen.getByTestId('video-preparing').textContent).toBe('Preparing your video… 40 %');
    expect(screen.getByRole('progressbar', { name: 'Preparing your video… 40 %' })).toBeTruthy();
  });

  it('shows nothing of preparing once the video is stored', () => {
    renderCard(storedCapsule(2, { processingPercent: null }));
    expect(screen.queryByTestId('video-preparing')).toBeNull();
  });
});
