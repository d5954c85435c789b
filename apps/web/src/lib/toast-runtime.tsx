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
 * from small screens up; on a phone a dialog fills the screen and its action buttons (Cancel,
 * Upload, Assign Recipient) sit at its foot, right where a bottom toast lies for 5 s. So on a
 * phone toasts sit at the top, over the dialog's title rather than its buttons; and a dialog
 * that opens closes the toast of what came before it (useDialogClearsToasts), so that no toast
 * covers the buttons of a dialog it has nothing to say about.
 */
const PHONE = '(max-width: 35.99em)';

/** Spec section 9, 'Toast': bottom right, one at a time, 5 s, 420 px wide at most (phones: top). */
export default function ToastContainer({ ref }: { ref: Ref<HTMLDivElement> }) {
  // Read at once: the container mounts with the first toast, which must not jump.
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false });
  return (
    <Notifications
      ref={ref}
      position={phone ? 'top-center' : 'bottom-right'}
      limit={1}
      autoClose={5000}
      containerWidth={420}
      tabIndex={-1}
      aria-label="Notifications (F8)"
    />
  );
}
