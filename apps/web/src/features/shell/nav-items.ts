import { NETWORK_PAGES } from '@capsule/domain';
import { IconAddressBook, IconBox, IconGift, type IconProps } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { EXTERNAL_LINKS } from '../../app/external-links';
import { ROUTES } from '../../app/routes';

export interface InternalNavItem {
  label: string;
  to: string;
  icon: ComponentType<IconProps>;
  /** Pages that belong to this area, listed under it. */
  children?: readonly { label: string; to: string }[];
}

export interface ExternalNavItem {
  label: string;
  href: string;
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

/**
 * Header links to the main site, opened in a new tab (spec section 2, 'Header'). The shop's
 * address is the server's (useShopUrl); until it is known the Shop link is left out.
 */
export function headerExternalItems(shopUrl: string | null): readonly ExternalNavItem[] {
  return [
    { label: 'About', href: EXTERNAL_LINKS.about },
    ...(shopUrl ? [{ label: 'Shop', href: shopUrl }] : []),
    { label: 'Contact', href: EXTERNAL_LINKS.contact },
  ];
}

/** Whether a sidebar entry is the current page. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
