import '@mantine/notifications/styles.layer.css';
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

/** Spec section 9, 'Toast': bottom right, one at a time, 5 s, 420 px wide at most. */
export default function ToastContainer({ ref }: { ref: Ref<HTMLDivElement> }) {
  return (
    <Notifications
      ref={ref}
      position="bottom-right"
      limit={1}
      autoClose={5000}
      containerWidth={420}
      tabIndex={-1}
      aria-label="Notifications (F8)"
    />
  );
}
