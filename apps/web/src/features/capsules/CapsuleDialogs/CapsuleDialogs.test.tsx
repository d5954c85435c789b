import {
  CAPSULE_ACTION_TEXTS,
  CAPSULE_INFO_TEXTS,
  CAPSULE_REFUSALS,
  CAPSULE_TEXTS,
  formatDate,
  localCalendarDate,
} from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  CONTACTS,
  dashboardHandlers,
  makeCapsule,
  PAGE_LOAD,
  storedCapsule,
} from '../../../test/capsule-fixtures';
import { findLoadedDialog } from '../../../test/dialogs';
import { signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { type Call, type Handlers, networkError, serverError } from '../../../test/trpc-mock';
import { ASSIGN_TEXTS } from '../AssignRecipientDialog/AssignRecipientDialog';
import type { Capsule } from '../capsule-display';
import { LOCK_TEXTS, lockFailureMessage } from '../LockCapsuleDialog/LockCapsuleDialog';

const callsTo = (calls: Call[], path: string) => calls.filter((call) => call.path === path);

async function openDashboard(capsule: Capsule, overrides: Handlers = {}) {
  const result = renderApp({
    route: '/dashboard',
    handlers: { ...signedIn(), ...dashboardHandlers([capsule], overrides) },
  });
  await screen.findByRole('article', { name: capsule.title }, PAGE_LOAD);
  return result;
}

type User = Awaited<ReturnType<typeof openDashboard>>['user'];

async function openFromMenu(user: User, item: string) {
  await user.click(screen.getByRole('button', { name: 'Capsule options' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
  return findLoadedDialog();
}

const expectToast = async (title: string, description?: string) => {
  expect(await screen.findByText(title)).toBeTruthy();
  if (description) expect(screen.getByText(description)).toBeTruthy();
};

describe('capsule dialogs', { timeout: 20_000 }, () => {
  describe('Assign Recipient', () => {
    it("toasts 'No recipient selected' without a contact or without the permanence box", async () => {
      const capsule = makeCapsule({ title: 'For someone' });
      const { user, calls } = await openDashboard(capsule);

      await user.click(screen.getByRole('button', { name: 'For someone' }));
      const dialog = await screen.findByRole('dialog', { name: 'Assign Recipient' });
      await within(dialog).findByRole('combobox', { name: 'Recipient' });
      await user.click(within(dialog).getByRole('button', { name: 'Assign Recipient' }));
      await expectToast(CAPSULE_TEXTS.noRecipientSelectedTitle, CAPSULE_TEXTS.noRecipientSelectedBody);

      // A contact, but the box left unticked: still refused, nothing sent.
      await user.click(within(dialog).getByRole('combobox', { name: 'Recipient' }));
      await user.click(await screen.findByRole('option', { name: 'Alan Turing (alan@example.com)' }));
      await user.click(within(dialog).getByRole('button', { name: 'Assign Recipient' }));
      await expectToast(CAPSULE_TEXTS.noRecipientSelectedTitle);
      expect(callsTo(calls, 'capsules.assignRecipient')).toHaveLength(0);
    });

    it('marks the missing recipient and the unticked permanence box themselves, beside the toast', async () => {
      const capsule = makeCapsule({ title: 'For someone' });
      const { user } = await openDashboard(capsule);
      await user.click(screen.getByRole('button', { name: 'For someone' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Assign Recipient' }));
      await dialog.findByRole('combobox', { name: 'Recipient' });
      const box = dialog.getByRole('checkbox');
      // Nothing is marked before a submit.
      expect(dialog.queryByText(CAPSULE_ACTION_TEXTS.permanentRequired)).toBeNull();
      expect(box.getAttribute('aria-invalid')).toBe('false');
      expect(box.getAttribute('aria-required')).toBe('true');

      await user.click(dialog.getByRole('button', { name: 'Assign Recipient' }));
      await expectToast(CAPSULE_TEXTS.noRecipientSelectedTitle, CAPSULE_TEXTS.noRecipientSelectedBody);
      expect(dialog.getByText(ASSIGN_TEXTS.chooseRecipient)).toBeTruthy();
      expect(dialog.getByText(CAPSULE_ACTION_TEXTS.permanentRequired)).toBeTruthy();

      // A contact picked: only the box is still marked, and says why.
      await user.click(dialog.getByRole('combobox', { name: 'Recipient' }));
      await user.click(await screen.findByRole('option', { name: 'Alan Turing (alan@example.com)' }));
      expect(dialog.queryByText(ASSIGN_TEXTS.chooseRecipient)).toBeNull();
      expect(box.getAttribute('aria-invalid')).toBe('true');
      const error = dialog.getByText(CAPSULE_ACTION_TEXTS.permanentRequired);
      expect(box.getAttribute('aria-describedby')).toContain(error.id);

      await user.click(box);
      expect(dialog.queryByText(CAPSULE_ACTION_TEXTS.permanentRequired)).toBeNull();
      expect(box.getAttribute('aria-invalid')).toBe('false');
    });

    it("assigns the chosen contact permanently, toasts 'Recipient assigned' and reloads list and counts", async () => {
      const capsule = makeCapsule({ title: 'For Alan' });
      const { user, calls } = await openDashboard(capsule, {
        'capsules.assignRecipient': () => ({
          ...capsule,
          status: 'Pending_Upload',
          recipientName: 'Alan Turing',
        }),
      });
      await waitFor(() => expect(callsTo(calls, 'capsules.counts')).toHaveLength(1));
      const listLoads = callsTo(calls, 'capsules.list').length;

      await user.click(screen.getByRole('button', { name: 'For Alan' }));
      const dialog = await screen.findByRole('dialog', { name: 'Assign Recipient' });
      await user.type(await within(dialog).findByRole('combobox', { name: 'Recipient' }), 'turing');
      await user.click(await screen.findByRole('option', { name: 'Alan Turing (alan@example.com)' }));
      await user.click(within(dialog).getByRole('checkbox'));
      await user.click(within(dialog).getByRole('button', { name: 'Assign Recipient' }));

      await expectToast(CAPSULE_TEXTS.recipientAssigned);
      expect(callsTo(calls, 'capsules.assignRecipient')[0]?.input).toEqual({
        capsuleId: capsule.id,
        contactId: CONTACTS[1]?.id,
        info: {},
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(callsTo(calls, 'capsules.list').length).toBeGreaterThan(listLoads));
      await waitFor(() => expect(callsTo(calls, 'capsules.counts')).toHaveLength(2));
    });

    it("toasts 'Failed to assign recipient' with the server's reason", async () => {
      const capsule = makeCapsule({ title: 'Raced' });
      const { user } = await openDashboard(capsule, {
        'capsules.assignRecipient': () => {
          throw serverError(409, 'This capsule already has a recipient.', 'CONFLICT');
        },
      });
      await user.click(screen.getByRole('button', { name: 'Raced' }));
      const dialog = await screen.findByRole('dialog', { name: 'Assign Recipient' });
      await user.click(await within(dialog).findByRole('combobox', { name: 'Recipient' }));
      await user.click(await screen.findByRole('option', { name: 'Grace Hopper (grace@example.com)' }));
      await user.click(within(dialog).getByRole('checkbox'));
      await user.click(within(dialog).getByRole('button', { name: 'Assign Recipient' }));
      await expectToast(CAPSULE_TEXTS.assignRecipientFailed, 'This capsule already has a recipient.');
    });

    it('links to My Contacts when there is no contact to choose', async () => {
      const capsule = makeCapsule({ title: 'Lonely' });
      const { user } = await openDashboard(capsule, { 'contacts.list': () => [] });
      await user.click(screen.getByRole('button', { name: 'Lonely' }));
      const dialog = await screen.findByRole('dialog', { name: 'Assign Recipient' });
      const link = await within(dialog).findByRole('link', { name: 'Add a contact in My Contacts' });
      expect(link.getAttribute('href')).toBe('/contacts');
    });
  });

  describe('Additional Capsule Information', () => {
    it('keeps Save disabled until a date, a category or a message is given, then saves', async () => {
      const capsule = makeCapsule({
        status: 'Pending_Upload',
        title: 'Milestone',
        recipientName: 'Grace Hopper',
      });
      const { user, calls } = await openDashboard(capsule, {
        'capsules.setInfo': () => ({ ...capsule, message: 'Happy wedding day' }),
      });

      const dialog = await openFromMenu(user, 'Set Capsule Info');
      expect(within(dialog).getByRole('heading', { name: CAPSULE_INFO_TEXTS.dialogTitle })).toBeTruthy();
      // A Milestone_Date capsule has a delivery date picker.
      expect(within(dialog).getByText('Delivery date')).toBeTruthy();
      const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
      expect(save.disabled).toBe(true);

      await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), '   ');
      expect(save.disabled).toBe(true);
      await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Happy wedding day');
      expect(save.disabled).toBe(false);

      await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
      await user.click(await screen.findByRole('option', { name: 'Wedding' }));
      await user.click(save);

      await expectToast(CAPSULE_TEXTS.deliveryDateSet);
      expect(callsTo(calls, 'capsules.setInfo')[0]?.input).toEqual({
        capsuleId: capsule.id,
        info: { deliveryDate: null, category: 'Wedding', message: 'Happy wedding day' },
      });
    });

    it("sets the date as the recipient's Nth birthday: shows the day it gives, and sends the age", async () => {
      const born = dayjs().subtract(10, 'year').add(3, 'day').format('YYYY-MM-DD');
      const capsule = makeCapsule({
        status: 'Pending_Upload',
        title: 'Coming of age',
        recipientName: 'Ada Lovelace',
        recipientBirthday: born,
      });
      const { user, calls } = await openDashboard(capsule, {
        'capsules.setInfo': () => ({ ...capsule, birthdayAge: 18 }),
      });
      const dialog = await openFromMenu(user, 'Set Capsule Info');
      await user.click(within(dialog).getByText('A birthday'));
      const age = within(dialog).getByRole('textbox', { name: 'On which birthday' });
      // The 5th has passed: said at once, before any call.
      await user.type(age, '5');
      expect(within(dialog).getByTestId('birthday-rule-date').textContent).toMatch(
        /^Ada's 5th birthday \(.*\) has already passed\.$/,
      );
      await user.clear(age);
      await user.type(age, '18');
      const day = dayjs(born).add(18, 'year');
      expect(within(dialog).getByTestId('birthday-rule-date').textContent).toBe(
        `On Ada's 18th birthday: ${formatDate(day.format('YYYY-MM-DD'))}.`,
      );
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expectToast(CAPSULE_TEXTS.deliveryDateSet);
      expect(callsTo(calls, 'capsules.setInfo')[0]?.input).toEqual({
        capsuleId: capsule.id,
        info: { deliveryDate: null, category: null, message: null, birthdayAge: 18 },
      });
    });

    it('picks a delivery date from today on; past days cannot be picked', async () => {
      const capsule = makeCapsule({
        status: 'Pending_Upload',
        title: 'Dated',
        recipientName: 'Grace Hopper',
      });
      const { user, calls } = await openDashboard(capsule, { 'capsules.setInfo': () => capsule });
      const dialog = await openFromMenu(user, 'Set Capsule Info');

      await user.click(within(dialog).getByRole('button', { name: /Delivery date/ }));
      const label = (date: dayjs.Dayjs) => date.format('D MMMM YYYY');
      const yesterday = screen.queryByRole('button', { name: label(dayjs().subtract(1, 'day')) });
      if (yesterday) expect(yesterday.hasAttribute('disabled')).toBe(true);
      const today = screen.getByRole('button', { name: label(dayjs()) });
      expect(today.hasAttribute('disabled')).toBe(false);
      await user.click(today);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      await expectToast(CAPSULE_TEXTS.deliveryDateSet);
      expect(callsTo(calls, 'capsules.setInfo')[0]?.input).toEqual({
        capsuleId: capsule.id,
        info: { deliveryDate: localCalendarDate(new Date()), category: null, message: null },
      });
    });

    it('offers no date picker on a capsule that is not delivered on a date', async () => {
      const capsule = makeCapsule({
        status: 'Pending_Upload',
        title: 'Any time',
        kind: 'journey',
        deliveryCriteria: 'View_Any_Time',
      });
      const { user } = await openDashboard(capsule);
      const dialog = await openFromMenu(user, 'Set Capsule Info');
      expect(within(dialog).queryByText('Delivery date')).toBeNull();
      expect(within(dialog).getByText(/no delivery date to set/)).toBeTruthy();
    });

    it('offers only the missing date on a capsule locked without one', async () => {
      const capsule = storedCapsule(12, { title: 'Sealed undated', locked: true, deliveryDate: null });
      const { user } = await openDashboard(capsule);
      const dialog = await openFromMenu(user, 'Set Capsule Info');
      expect(within(dialog).getByText(CAPSULE_REFUSALS.onlyMissingDate)).toBeTruthy();
      expect(await within(dialog).findByRole('button', { name: /Delivery date/ })).toBeTruthy();
      expect(within(dialog).queryByRole('textbox', { name: 'Message' })).toBeNull();
      expect(within(dialog).queryByText('Category')).toBeNull();
    });

    it("toasts 'Failed to set update Delivery Date for this capsule.' when the server refuses", async () => {
      const capsule = makeCapsule({
        status: 'Pending_Upload',
        title: 'Refused',
        recipientName: 'Grace Hopper',
      });
      const { user } = await openDashboard(capsule, {
        'capsules.setInfo': () => {
          throw serverError(409, 'This capsule is locked.', 'CONFLICT');
        },
      });
      const dialog = await openFromMenu(user, 'Set Capsule Info');
      await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expectToast(CAPSULE_TEXTS.deliveryDateFailed, 'This capsule is locked.');
    });
  });

  describe('Delete Video', () => {
    it("deletes only after 'delete' is typed, in any case, and toasts 'Video deleted'", async () => {
      const capsule = storedCapsule(3, { title: 'Stored one' });
      const { user, calls } = await openDashboard(capsule, {
        'capsules.deleteVideo': () => ({ ...capsule, status: 'Pending_Upload', uploadDate: null }),
      });

      const dialog = await openFromMenu(user, 'Delete Capsule');
      const confirm = within(dialog).getByRole('button', { name: 'Delete Video' }) as HTMLButtonElement;
      const input = within(dialog).getByRole('textbox', { name: 'Type delete to confirm' });
      expect(confirm.disabled).toBe(true);
      await user.type(input, 'delet');
      expect(confirm.disabled).toBe(true);
      await user.type(input, 'E');
      expect(confirm.disabled).toBe(false);
      await user.clear(input);
      await user.type(input, 'DeLeTe');
      await user.click(confirm);

      await expectToast(CAPSULE_TEXTS.videoDeleted);
      expect(callsTo(calls, 'capsules.deleteVideo')[0]?.input).toEqual({ capsuleId: capsule.id });
    });

    it("toasts 'Error' with the server's reason when it refuses (409)", async () => {
      const capsule = storedCapsule(3, { title: 'Locked one' });
      const { user } = await openDashboard(capsule, {
        'capsules.deleteVideo': () => {
          throw serverError(409, 'This capsule is locked: its video can no longer be deleted.', 'CONFLICT');
        },
      });
      const dialog = await openFromMenu(user, 'Delete Capsule');
      await user.type(within(dialog).getByRole('textbox', { name: 'Type delete to confirm' }), 'delete');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Video' }));
      await expectToast(
        CAPSULE_TEXTS.errorTitle,
        'This capsule is locked: its video can no longer be deleted.',
      );
      expect(screen.queryByText(CAPSULE_TEXTS.deleteVideoFailed)).toBeNull();
    });

    it("toasts 'Error' / 'Failed to delete video' when it fails", async () => {
      const capsule = storedCapsule(3, { title: 'Stuck' });
      const { user } = await openDashboard(capsule, {
        'capsules.deleteVideo': () => {
          throw networkError();
        },
      });
      const dialog = await openFromMenu(user, 'Delete Capsule');
      await user.type(within(dialog).getByRole('textbox', { name: 'Type delete to confirm' }), 'delete');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Video' }));
      await expectToast(CAPSULE_TEXTS.errorTitle, CAPSULE_TEXTS.deleteVideoFailed);
    });
  });

  describe('Lock Capsule', () => {
    it('locks once the box is ticked', async () => {
      const capsule = storedCapsule(3, { title: 'To lock' });
      const { user, calls } = await openDashboard(capsule, {
        'capsules.lock': () => ({ ...capsule, locked: true }),
      });
      const dialog = await openFromMenu(user, 'Lock Capsule');
      const lock = within(dialog).getByRole('button', { name: 'Lock Capsule' }) as HTMLButtonElement;
      expect(lock.disabled).toBe(true);
      await user.click(within(dialog).getByRole('checkbox'));
      await user.click(lock);
      await expectToast(CAPSULE_TEXTS.lockedTitle);
      // Only the domain's input: the ticked box is the dialog's own confirmation.
      expect(callsTo(calls, 'capsules.lock')[0]?.input).toEqual({ capsuleId: capsule.id });
    });

    it('asks for the missing date of a Milestone Date capsule and sends it with the lock', async () => {
      const capsule = storedCapsule(3, { title: 'Undated', deliveryDate: null });
      const { user, calls } = await openDashboard(capsule, {
        'capsules.lock': (input) => ({
          ...capsule,
          locked: true,
          deliveryDate: (input as { deliveryDate: string }).deliveryDate,
        }),
      });
      const dialog = await openFromMenu(user, 'Lock Capsule');
      expect(within(dialog).getByText(LOCK_TEXTS.needsDate)).toBeTruthy();
      const lock = within(dialog).getByRole('button', { name: 'Lock Capsule' }) as HTMLButtonElement;
      await user.click(within(dialog).getByRole('checkbox'));
      // Ticked, but no date yet: the lock waits for it.
      expect(lock.disabled).toBe(true);
      await user.click(await within(dialog).findByRole('button', { name: /Delivery date/ }));
      const nextMonth = await screen.findByRole('button', { name: 'Next month' });
      await user.click(nextMonth);
      const days = screen
        .getAllByRole('button')
        .filter((b) => b.hasAttribute('data-day') || b.closest('table'))
        .filter((b) => !(b as HTMLButtonElement).disabled && b.textContent === '15');
      await user.click(days[0] as HTMLElement);
      expect(lock.disabled).toBe(false);
      await user.click(lock);
      await expectToast(CAPSULE_TEXTS.lockedTitle);
      const sent = callsTo(calls, 'capsules.lock')[0]?.input as { capsuleId: string; deliveryDate: string };
      expect(sent.capsuleId).toBe(capsule.id);
      expect(sent.deliveryDate).toMatch(/^\d{4}-\d{2}-15$/);
    });

    it.each([
      [
        'the server refuses',
        () => serverError(409, 'The 10-day edit window for this capsule has closed.', 'CONFLICT'),
        'The 10-day edit window for this capsule has closed.',
      ],
      ['the call fails', () => networkError(), CAPSULE_TEXTS.lockFailedBody],
    ])("toasts 'Lock Failed' when %s", async (_, failure, description) => {
      const capsule = storedCapsule(3, { title: 'Lock fails' });
      const { user } = await openDashboard(capsule, {
        'capsules.lock': () => {
          throw failure();
        },
      });
      const dialog = await openFromMenu(user, 'Lock Capsule');
      await user.click(within(dialog).getByRole('checkbox'));
      await user.click(within(dialog).getByRole('button', { name: 'Lock Capsule' }));
      await expectToast(CAPSULE_TEXTS.lockFailedTitle, description);
    });
  });

  it("words 'Lock Failed' as 'Unknown error' for a failure that is not a call's", () => {
    expect(lockFailureMessage('boom')).toBe(CAPSULE_TEXTS.unknownError);
    expect(lockFailureMessage(networkError())).toBe(CAPSULE_TEXTS.lockFailedBody);
  });

  describe('Recover Capsule', () => {
    it("recovers and toasts 'Capsule Recovered'", async () => {
      const capsule = makeCapsule({
        status: 'To_Delete',
        previousStatus: 'Pending_Recipient',
        title: 'Marked',
      });
      const { user } = await openDashboard(capsule, {
        'capsules.recover': () => ({ ...capsule, status: 'Pending_Recipient', previousStatus: null }),
      });
      const dialog = await openFromMenu(user, 'Recover Capsule');
      await user.click(within(dialog).getByRole('button', { name: 'Recover Capsule' }));
      await expectToast(CAPSULE_TEXTS.recoveredTitle);
    });

    it("toasts 'Recovery Failed' / 'Could not recover capsule.' when the call fails", async () => {
      const capsule = makeCapsule({ status: 'To_Delete', previousStatus: 'Sent', title: 'Gone' });
      const { user } = await openDashboard(capsule, {
        'capsules.recover': () => {
          throw networkError();
        },
      });
      const dialog = await openFromMenu(user, 'Recover Capsule');
      await user.click(within(dialog).getByRole('button', { name: 'Recover Capsule' }));
      await expectToast(CAPSULE_TEXTS.recoveryFailedTitle, CAPSULE_TEXTS.recoveryFailedBody);
    });
  });

  describe('Capsule Details', () => {
    it('shows the fallbacks for a capsule without recipient, video or message', async () => {
      // Marked for deletion before any upload: a click opens Details.
      const capsule = makeCapsule({ status: 'To_Delete', previousStatus: 'Pending_Upload', title: 'Bare' });
      const { user } = await openDashboard(capsule);
      await user.click(screen.getByRole('button', { name: 'Bare' }));
      const dialog = await screen.findByRole('dialog', { name: 'Capsule Details' });
      expect(within(dialog).getByText(CAPSULE_TEXTS.noRecipientYet)).toBeTruthy();
      expect(within(dialog).getByText(CAPSULE_TEXTS.noVideoYet)).toBeTruthy();
      expect(within(dialog).getByText(CAPSULE_TEXTS.noMessage)).toBeTruthy();
      expect(within(dialog).getByTestId('release-condition').textContent).toBe(
        'Opens on its delivery date, which is not set yet',
      );
      expect(within(dialog).getByText('5 minutes')).toBeTruthy();
    });

    it('says why the review refused the video, and shows the thumbnail of a stored one', async () => {
      const refused = storedCapsule(1, {
        status: 'Needs_Review',
        title: 'Too long',
        hasVideo: false,
        reviewReason: 'The video is 6 minutes long; this capsule takes at most 5 minutes.',
      });
      const { user } = await openDashboard(refused);
      const dialog = await openFromMenu(user, 'View Details');
      expect(within(dialog).getByText('The review did not accept the video')).toBeTruthy();
      expect(within(dialog).getByText(/6 minutes long/)).toBeTruthy();
      expect(within(dialog).getByText(CAPSULE_TEXTS.noVideoYet)).toBeTruthy();
    });

    it('shows a stored capsule with its thumbnail, and a capsule under review as such', async () => {
      const stored = storedCapsule(1, {
        title: 'Kept',
        videoThumbnailUrl: 'https://storage.test/t.jpg?sig=1',
      });
      const first = await openDashboard(stored);
      const dialog = await openFromMenu(first.user, 'View Details');
      expect(within(dialog).getByTestId('details-thumbnail').getAttribute('src')).toBe(
        'https://storage.test/t.jpg?sig=1',
      );
      first.unmount();

      const reviewing = storedCapsule(0, { status: 'Reviewing', title: 'Checking' });
      const second = await openDashboard(reviewing);
      await second.user.click(screen.getByRole('button', { name: 'Checking' }));
      const details = await screen.findByRole('dialog', { name: 'Capsule Details' });
      expect(within(details).getByText(/being reviewed/)).toBeTruthy();
    });

    it('tells the sender what became of the delivery: delivered, opened, played, and the e-mail', async () => {
      const delivered = storedCapsule(20, {
        title: 'Delivered',
        locked: true,
        deliveredAt: '2026-11-20T15:00:00.000Z',
        delivery: {
          deliveredAt: '2026-11-20T15:00:00.000Z',
          emailedAt: '2026-11-20T15:00:04.000Z',
          emailStatus: 'sent',
          openedAt: '2026-11-21T08:30:00.000Z',
          playedAt: '2026-11-22T19:00:00.000Z',
          objectionEndsAt: null,
        },
      });
      const first = await openDashboard(delivered);
      const dialog = await openFromMenu(first.user, 'View Details');
      expect(within(dialog).getByTestId('details-delivery').textContent).toBe(
        'Delivered on Nov 20, 2026, opened on Nov 21, 2026, played on Nov 22, 2026',
      );
      expect(within(dialog).getByText('Recipient e-mailed on Nov 20, 2026')).toBeTruthy();
      first.unmount();

      const unopened = storedCapsule(20, {
        title: 'Unopened',
        locked: true,
        deliveredAt: '2026-11-20T15:00:00.000Z',
        delivery: {
          deliveredAt: '2026-11-20T15:00:00.000Z',
          emailedAt: null,
          emailStatus: 'failed',
          openedAt: null,
          playedAt: null,
          objectionEndsAt: null,
        },
      });
      const second = await openDashboard(unopened);
      const details = await openFromMenu(second.user, 'View Details');
      expect(within(details).getByTestId('details-delivery').textContent).toBe('Delivered on Nov 20, 2026');
      expect(within(details).getByText('The e-mail to the recipient could not be sent.')).toBeTruthy();
      second.unmount();

      // Not delivered yet: no delivery line at all.
      const waiting = storedCapsule(2, { title: 'Waiting', delivery: null });
      const third = await openDashboard(waiting);
      const waitingDetails = await openFromMenu(third.user, 'View Details');
      expect(within(waitingDetails).queryByTestId('details-delivery')).toBeNull();
    });

    it("toasts 'Error fetching Capsule' when the details cannot be refreshed", async () => {
      const capsule = storedCapsule(1, { title: 'Offline', message: 'See you soon' });
      const { user } = await openDashboard(capsule, {
        'capsules.byId': () => {
          throw networkError();
        },
      });
      const dialog = await openFromMenu(user, 'View Details');
      await expectToast(CAPSULE_TEXTS.fetchCapsuleFailedTitle, CAPSULE_TEXTS.fetchCapsuleFailedBody);
      expect(within(dialog).getByText('See you soon')).toBeTruthy();
    });
  });
});
