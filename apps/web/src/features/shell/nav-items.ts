import { IconAddressBook, IconBox, IconGift, type IconProps } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { EXTERNAL_LINKS } from '../../app/external-links';
import { ROUTES } from '../../app/routes';

export interface InternalNavItem {
  label: string;
  to: string;
  icon: ComponentType<IconProps>;
}

export interface ExternalNavItem {
  label: string;
  href: string;
}

/** Sidebar links (spec section 2, 'Sidebar'). Later areas add their entry here. */
export const SIDEBAR_ITEMS: readonly InternalNavItem[] = [
  { label: 'My Capsules', to: ROUTES.dashboard, icon: IconBox },
  { label: 'My Contacts', to: ROUTES.contacts, icon: IconAddressBook },
  { label: 'Received Capsules', to: ROUTES.receivedCapsules, icon: IconGift },
];

/** Header links to the main site, opened in a new tab (spec section 2, 'Header'). */
export const HEADER_EXTERNAL_ITEMS: readonly ExternalNavItem[] = [
  { label: 'About', href: EXTERNAL_LINKS.about },
  { label: 'Shop', href: EXTERNAL_LINKS.shop },
  { label: 'Contact', href: EXTERNAL_LINKS.contact },
];

/** Whether a sidebar entry is the current page. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
