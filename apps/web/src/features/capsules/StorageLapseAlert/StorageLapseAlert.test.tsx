import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardHandlers } from '../../../test/capsule-fixtures';
import { signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const plan = (lapse: unknown) =>
  dashboardHandlers([], {
    'subscriptions.current': () => ({
      productName: '5 Legacy Capsules',
      allowance: 5,
      lapse,
      subscriptions: [],
    }),
  });

const SLOW_LOAD = { timeout: 15_000 };

const LAPSE = {
  lapsed: true,
  since: '2026-11-24T10:00:00.000Z',
  reason: 'payment_failed',
  deleteAfter: '2027-02-22T10:00:00.000Z',
  capsulesMarked: false,
};

// The signed-in chunk loads lazily: on a busy machine the first render takes seconds.
describe('dashboard storage lapse warning', { timeout: 20_000 }, () => {
  it('says what failed, the date capsules would be marked, and that delivered ones are safe', async () => {
    renderApp({ route: '/dashboard', handlers: { ...signedIn(), ...plan(LAPSE) } });
    const alert = await screen.findByTestId('storage-lapse-alert', {}, SLOW_LOAD);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Your storage plan needs attention');
    expect(alert.textContent).toContain(
      'The annual storage payment for your plan could not be collected on Nov 24, 2026. Nothing has been deleted. Unless the plan is renewed by Feb 22, 2027, your capsules that have not been delivered yet will be marked for deletion. Delivered capsules are never affected.',
    );
    expect(screen.getByRole('link', { name: 'Renew your storage plan in the shop' })).toBeTruthy();
  });

  it('after the grace: the capsules are marked, Recover within 30 days', async () => {
    renderApp({
      route: '/dashboard',
      handlers: { ...signedIn(), ...plan({ ...LAPSE, reason: 'cancelled', capsulesMarked: true }) },
    });
    const alert = await screen.findByTestId('storage-lapse-alert', {}, SLOW_LOAD);
    expect(alert.textContent).toContain('Your undelivered capsules are marked for deletion');
    expect(alert.textContent).toContain('Your storage plan was cancelled on Nov 24, 2026.');
    expect(alert.textContent).toContain('Use Recover Capsule on each within 30 days to keep it.');
    expect(screen.queryByRole('link', { name: 'Renew your storage plan in the shop' })).toBeNull();
  });

  it('shows nothing while the plan is paid up', async () => {
    renderApp({ route: '/dashboard', handlers: { ...signedIn(), ...plan(null) } });
    await screen.findByTestId('plan-summary', {}, SLOW_LOAD);
    expect(screen.queryByTestId('storage-lapse-alert')).toBeNull();
  });
});
