import { TERMS_SECTIONS, TERMS_TEXTS } from '@capsule/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADA, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { deferred } from '../../../test/trpc-mock';

/** happy-dom lays nothing out: give every element the box sizes a browser would measure. */
function fakeLayout({ scrollHeight, clientHeight }: { scrollHeight: number; clientHeight: number }) {
  const proto = HTMLElement.prototype;
  const saved = ['scrollHeight', 'clientHeight'].map(
    (key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const,
  );
  Object.defineProperty(proto, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => clientHeight });
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[key];
    }
  };
}

let restoreLayout = () => {};
afterEach(() => restoreLayout());

const checkbox = () => screen.queryByRole('checkbox', { name: TERMS_TEXTS.checkbox });
const agree = () => screen.getByRole('button', { name: TERMS_TEXTS.submit });

describe('terms screen', () => {
  it('shows every point of the terms', async () => {
    restoreLayout = fakeLayout({ scrollHeight: 1600, clientHeight: 400 });
    renderApp({ route: '/terms-and-conditions', handlers: signedIn(ADA, false) });

    await screen.findByRole('button', { name: TERMS_TEXTS.submit });
    for (const section of TERMS_SECTIONS) {
      expect(screen.getByRole('heading', { name: section.heading })).toBeTruthy();
      expect(screen.getByText(section.body)).toBeTruthy();
    }
    expect(screen.getByText(/at least 13 years old/)).toBeTruthy();
    expect(screen.getByText(/CAD 100/)).toBeTruthy();
    expect(screen.getByText(/Ottawa, Ontario/)).toBeTruthy();
  });

  it('shows the checkbox only after scrolling to the end, and enables the button only when ticked', async () => {
    restoreLayout = fakeLayout({ scrollHeight: 1600, clientHeight: 400 });
    const { user } = renderApp({ route: '/terms-and-conditions', handlers: signedIn(ADA, false) });
    const box = await screen.findByTestId('terms-scroll-box');

    expect(checkbox()).toBeNull();
    expect(agree().hasAttribute('disabled')).toBe(true);

    box.scrollTop = 600;
    fireEvent.scroll(box);
    expect(checkbox()).toBeNull();

    box.scrollTop = 1200;
    fireEvent.scroll(box);
    const tick = await screen.findByRole('checkbox', { name: TERMS_TEXTS.checkbox });
    expect(agree().hasAttribute('disabled')).toBe(true);

    // Scrolling back up does not take the checkbox away.
    box.scrollTop = 0;
    fireEvent.scroll(box);
    expect(checkbox()).toBeTruthy();

    await user.click(tick);
    expect(agree().hasAttribute('disabled')).toBe(false);
  });

  it('counts a text shorter than its box as scrolled to the end', async () => {
    restoreLayout = fakeLayout({ scrollHeight: 300, clientHeight: 400 });
    renderApp({ route: '/terms-and-conditions', handlers: signedIn(ADA, false) });

    expect(await screen.findByRole('checkbox', { name: TERMS_TEXTS.checkbox })).toBeTruthy();
  });

  it("accepts with 'Submitting...' and goes to the dashboard", async () => {
    restoreLayout = fakeLayout({ scrollHeight: 300, clientHeight: 400 });
    const accepted = deferred<unknown>();
    const { user, calls } = renderApp({
      route: '/terms-and-conditions',
      handlers: { ...signedIn(ADA, false), 'terms.accept': () => accepted.promise },
    });

    await user.click(await screen.findByRole('checkbox', { name: TERMS_TEXTS.checkbox }));
    await user.click(agree());
    expect(await screen.findByRole('button', { name: TERMS_TEXTS.submitting })).toBeTruthy();

    accepted.resolve({ success: true, hasReadTerms: true, termsVersion: 'v' });
    expect(await screen.findByRole('heading', { name: 'My Capsules' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
    expect(calls.find((call) => call.path === 'terms.accept')?.input).toEqual({ accepted: true });
  });

  it('sends a user who already read the terms to the dashboard', async () => {
    renderApp({ route: '/terms-and-conditions', handlers: signedIn(ADA, true) });

    expect(await screen.findByRole('heading', { name: 'My Capsules' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });
});
