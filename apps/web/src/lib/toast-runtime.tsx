import '@mantine/notifications/styles.layer.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications, notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { ToastInput } from './toast';

// Loaded on the first toast (see toast.ts): the notifications library and its styles are not
// part of the first visit.

export function showToast({ title, description, variant = 'default' }: ToastInput): void {
  notifications.clean();
  const destructive = variant === 'destructive';
  notifications.show({
    title,
    message: description ?? '',
    color: destructive ? 'red' : 'brand',
    icon: destructive ? <IconAlertTriangle size={18} /> : undefined,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    'data-variant': variant,
    role: destructive ? 'alert' : 'status',
  });
}

export function cleanToasts(): void {
  notifications.clean();
}

/**
 * Phones: below Mantine's `xs` breakpoint (36em, 576 px). The spec places toasts bottom right
 * from small screens up. On a phone a dialog fills the screen, and its action buttons (Cancel,
 * Upload, Assign Recipient) sit at its foot, right where a bottom toast would lie for 5 s. So on
 * a phone toasts sit at the top, and end 6rem short of the right edge: a dialog's close button
 * sits there, at the right of its title bar, and stays free too. The toast of a step before a
 * dialog is closed when the dialog opens (useClearToastsOnOpen in toast.ts).
 */
const PHONE = '(max-width: 35.99em)';
/** The phone's toasts, from the left margin: the right 6rem stay free (a dialog's close button). */
const PHONE_WIDTH = 'calc(100% - 6rem)';

/** Spec section 9, 'Toast': bottom right, one at a time, 5 s, 420 px wide at most (phones: top). */
export default function ToastContainer({ ref }: { ref: Ref<HTMLDivElement> }) {
  // Read at once: the container mounts with the first toast, which must not jump.
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false });
  return (
    <Notifications
      ref={ref}
      position={phone ? 'top-left' : 'bottom-right'}
      containerWidth={phone ? PHONE_WIDTH : 420}
      limit={1}
      autoClose={5000}
      tabIndex={-1}
      aria-label="Notifications (F8)"
    />
  );
}
