import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dayFromNow, makeReceived } from '../../../test/received-fixtures';
import { render } from '../../../test/render';
import type { ReceivedCapsule } from '../received-display';
import { OPENING_MS, ReceivedCard } from './ReceivedCard';

function renderCard(capsule: ReceivedCapsule) {
  const onOpen = vi.fn();
  const result = render(<ReceivedCard capsule={capsule} now={new Date()} onOpen={onOpen} />);
  const card = screen.getByRole('article');
  const buttons = () =>
    within(card)
      .getAllByRole('button')
      .map((button) => button.textContent)
      // The title opens the details too; the card's buttons are the ones below.
      .filter((text) => text !== card.getAttribute('aria-label'));
  return { ...result, onOpen, card, buttons };
}

describe('received capsule card', { timeout: 15_000 }, () => {
  it('shows the capsule type as title, who it is for and from, the delivery date and the condition', () => {
    const { card } = renderCard(
      makeReceived({
        title: 'Legacy Capsule #3',
        category: 'Wedding',
        criteria: 'Milestone_Date',
        deliveryDate: '2020-06-14',
        recipientName: 'Ada King Lovelace',
      }),
    );
    expect(card.getAttribute('aria-label')).toBe('Wedding');
    expect(within(card).getByText('Legacy Capsule #3')).toBeTruthy();
    expect(card.textContent).toContain('For: Ada King Lovelace');
    expect(card.textContent).toContain('From: Grace Hopper');
    expect(card.textContent).toContain('Delivery date: Jun 14, 2020');
    expect(card.textContent).toContain('Condition: Milestone Date');
  });

  it("shows the video's thumbnail, else the default picture for its type or criteria", () => {
    const first = renderCard(makeReceived({ thumbnailUrl: 'https://storage.test/t.jpg?sig=1' }));
    expect(within(first.card).getByTestId('received-thumbnail').getAttribute('src')).toBe(
      'https://storage.test/t.jpg?sig=1',
    );
    first.unmount();

    const second = renderCard(makeReceived({ category: 'Honeymoon', criteria: 'Premium_Verification' }));
    expect(within(second.card).getByTestId('received-default-image').dataset.image).toBe('document');
  });

  it("offers 'View Capsule' by the release rule and 'View Details' always", () => {
    const cases: [Partial<ReceivedCapsule>, string[]][] = [
      [{ criteria: 'View_Any_Time' }, ['View Capsule', 'View Details']],
      [{ criteria: 'View_Any_Time', hasVideo: false }, ['View Details']],
      [{ criteria: 'Milestone_Date', deliveryDate: dayFromNow(-1) }, ['View Capsule', 'View Details']],
      [{ criteria: 'Milestone_Date', deliveryDate: dayFromNow(30) }, ['View Details']],
      [{ criteria: 'Milestone_Date', deliveryDate: null }, ['View Details']],
      [{ criteria: 'Premium_Verification', documentStatus: 'Verified' }, ['View Capsule', 'View Details']],
      [{ criteria: 'Document_Validation', documentStatus: 'Verified' }, ['View Capsule', 'View Details']],
    ];
    for (const [overrides, expected] of cases) {
      const { buttons, unmount } = renderCard(makeReceived(overrides));
      expect({ overrides, buttons: buttons() }).toEqual({ overrides, buttons: expected });
      unmount();
    }
  });

  it("offers 'Submit Documents' until the document is verified, and not while one waits for review", () => {
    const cases: [Partial<ReceivedCapsule>, string[]][] = [
      [{ criteria: 'Premium_Verification', documentStatus: null }, ['Submit Documents', 'View Details']],
      [
        { criteria: 'Premium_Verification', documentStatus: 'Rejected' },
        ['Submit Documents', 'View Details'],
      ],
      [{ criteria: 'Document_Validation', documentStatus: null }, ['Submit Documents', 'View Details']],
      [{ criteria: 'Premium_Verification', documentStatus: 'Submitted' }, ['View Details']],
      [{ criteria: 'View_Any_Time', documentStatus: null }, ['View Capsule', 'View Details']],
    ];
    for (const [overrides, expected] of cases) {
      const { buttons, unmount } = renderCard(makeReceived(overrides));
      expect({ overrides, buttons: buttons() }).toEqual({ overrides, buttons: expected });
      unmount();
    }
  });

  it('says at a glance why a capsule is not open yet', () => {
    const badge = (overrides: Partial<ReceivedCapsule>) => {
      const { card, unmount } = renderCard(makeReceived(overrides));
      const text = within(card).getByTestId('release-badge').textContent;
      unmount();
      return text;
    };
    expect(badge({ criteria: 'View_Any_Time' })).toBe('Ready to watch');
    expect(badge({ criteria: 'Milestone_Date', deliveryDate: '2999-01-02' })).toBe('Opens Jan 2, 2999');
    expect(badge({ criteria: 'Premium_Verification' })).toBe('Document needed');
    expect(badge({ criteria: 'Premium_Verification', documentStatus: 'Submitted' })).toBe(
      'Document in review',
    );
    expect(badge({ criteria: 'Document_Validation', documentStatus: 'Rejected' })).toBe(
      'Document not accepted',
    );
  });

  it("reads 'Opening...' for 300 ms, then opens the document dialog", async () => {
    const { user, onOpen, card } = renderCard(makeReceived({ criteria: 'Premium_Verification' }));
    const clickedAt = performance.now();
    await user.click(within(card).getByRole('button', { name: 'Submit Documents' }));
    expect(within(card).getByRole('button', { name: 'Opening...' })).toBeTruthy();
    expect(onOpen).not.toHaveBeenCalled();

    await within(card).findByRole('button', { name: 'Submit Documents' }, { timeout: 2000 });
    expect(onOpen).toHaveBeenCalledExactlyOnceWith('documents');
    expect(performance.now() - clickedAt).toBeGreaterThanOrEqual(OPENING_MS - 5);
  });

  it('opens the details from its title and View Details, and the video from View Capsule', async () => {
    const { user, onOpen, card } = renderCard(makeReceived({ category: 'Graduation' }));
    await user.click(within(card).getByRole('button', { name: 'Graduation' }));
    await user.click(within(card).getByRole('button', { name: 'View Details' }));
    await user.click(within(card).getByRole('button', { name: 'View Capsule' }));
    expect(onOpen.mock.calls).toEqual([['details'], ['details'], ['video']]);
  });
});
