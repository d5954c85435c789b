import { NETWORK_PAGES } from '@capsule/domain';
import { IconAddressBook, IconBox, IconGift, type IconProps } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { ROUTES } from '../../app/routes';

export interface InternalNavItem {
  label: string;
  to: string;
  icon: ComponentType<IconProps>;
  /** Pages that belong to this area, listed under it. */
  children?: readonly { label: string; to: string }[];
}

/**
 * Sidebar links (spec section 2, 'Sidebar'): the spec's three areas; the network pages are
 * part of My Contacts and are listed under it, so they are reachable from every page.
 */
export const SIDEBAR_ITEMS: readonly InternalNavItem[] = [
  { label: 'My Capsules', to: ROUTES.dashboard, icon: IconBox },
  {
    label: 'My Contacts',
    to: ROUTES.contacts,
    icon: IconAddressBook,
    children: Object.values(NETWORK_PAGES).map((page) => ({ label: page.title, to: page.path })),
  },
  { label: 'Received Capsules', to: ROUTES.receivedCapsules, icon: IconGift },
];

/** Whether a sidebar entry is the current page. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
