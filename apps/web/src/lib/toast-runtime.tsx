import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/**
 * The one way to show a toast (spec section 2, 'Toasts'): a title, a description, a close
 * button, a default or destructive look. Only one is visible at a time: a new toast replaces
 * the one on screen rather than waiting behind it.
 */
export function toast({ title, description, variant = 'default' }: ToastInput): string {
  notifications.clean();
  const destructive = variant === 'destructive';
  return notifications.show({
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

/** Closes the toast on screen, e.g. an error that a new attempt makes stale. */
export function dismissToasts(): void {
  notifications.clean();
}
