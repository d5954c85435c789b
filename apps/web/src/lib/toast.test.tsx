import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../test/render';
import { toast, useClearToastsOnOpen } from './toast';

function Buttons() {
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'Contact added', description: 'Saved.' })}>
        first
      </button>
      <button
        type="button"
        onClick={() =>
          toast({ title: 'Lock Failed', description: 'Failed to lock capsule', variant: 'destructive' })
        }
      >
        second
      </button>
    </>
  );
}

/** A dialog that closes the toast of the step before it, and raises one of its own. */
function Dialog() {
  useClearToastsOnOpen();
  return (
    <button type="button" onClick={() => toast({ title: 'Invalid file type' })}>
      own
    </button>
  );
}
/** The step before (a toast), then the dialog. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => toast({ title: 'Recipient assigned' })}>
        assign
      </button>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && <Dialog />}
    </>
  );
}

describe('toast', () => {
  it('shows a title, a description and a close button, one toast at a time', async () => {
    const { user } = render(<Buttons />);

    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('Contact added')).toBeTruthy();
    expect(screen.getByText('Saved.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'second' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Lock Failed');
    expect(alert.textContent).toContain('Failed to lock capsule');
    // The replaced toast leaves within its 250 ms exit transition.
    await waitFor(() => expect(screen.queryByText('Contact added')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('Lock Failed')).toBeNull());
  });

  it('moves the focus to the toasts on F8', async () => {
    render(<Buttons />);

    fireEvent.keyDown(window, { key: 'F8' });

    expect(document.activeElement?.getAttribute('aria-label')).toBe('Notifications (F8)');
  });

  describe('placement', () => {
    const matchMedia = window.matchMedia;
    afterEach(() => {
      window.matchMedia = matchMedia;
    });
    const containerOf = (title: string) =>
      screen.getByText(title).closest('[data-position]')?.getAttribute('data-position');

    it('sits bottom right from small screens up (the spec)', async () => {
      const { user } = render(<Buttons />);
      await user.click(screen.getByRole('button', { name: 'first' }));
      expect(await screen.findByText('Contact added')).toBeTruthy();
      expect(containerOf('Contact added')).toBe('bottom-right');
    });

    it('sits at the top on a phone, clear of the right edge where a dialog has its close button', async () => {
      window.matchMedia = vi.fn((query: string) => ({
        ...matchMedia(query),
        matches: query === '(max-width: 35.99em)',
      })) as typeof window.matchMedia;
      const { user } = render(<Buttons />);
      await user.click(screen.getByRole('button', { name: 'first' }));
      expect(await screen.findByText('Contact added')).toBeTruthy();
      expect(containerOf('Contact added')).toBe('top-left');
      const container = screen.getByText('Contact added').closest<HTMLElement>('[data-position]');
      expect(container?.style.getPropertyValue('--notifications-container-width')).toMatch(
        /calc\(100% - 6rem\)/,
      );
    });
  });

  it('closes the toast of the step before when a dialog opens, and keeps the dialog’s own', async () => {
    const { user } = render(<Page />);
    await user.click(screen.getByRole('button', { name: 'assign' }));
    expect(await screen.findByText('Recipient assigned')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect(screen.queryByText('Recipient assigned')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'own' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
  });
});
