import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../test/render';
import { toast } from './toast';

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
});
