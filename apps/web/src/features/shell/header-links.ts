// The header's links to the main site: kept apart from the sidebar's items (nav-items.ts),
// which bring the network pages' table, so the signed-out header carries only these.
import { EXTERNAL_LINKS } from '../../lib/external-links';

export interface ExternalNavItem {
  label: string;
  href: string;
}

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
