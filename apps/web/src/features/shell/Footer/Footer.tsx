import { Group, Stack, Text } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandYoutube,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import {
  EXTERNAL_LINKS,
  newTab,
  PRODUCT_NAME,
  SOCIAL_LINKS,
  type SocialNetwork,
} from '../../../lib/external-links';
import { useRenderClock } from '../../../lib/render-clock';
import { Logo } from '../../../lib/ui/Logo/Logo';
import { useShopUrl } from '../../auth';
import classes from './Footer.module.css';

const SOCIAL_ICONS: Record<SocialNetwork, ComponentType<IconProps>> = {
  Facebook: IconBrandFacebook,
  Instagram: IconBrandInstagram,
  YouTube: IconBrandYoutube,
  LinkedIn: IconBrandLinkedin,
};

interface FooterColumn {
  heading: string;
  links: ReadonlyArray<{ label: string; href: string }>;
}

/** The footer's columns; the Shop link is the server's address, left out until it is known. */
const columns = (shopUrl: string | null): FooterColumn[] => [
  {
    heading: 'Product',
    links: [
      { label: 'About', href: EXTERNAL_LINKS.about },
      ...(shopUrl ? [{ label: 'Shop', href: shopUrl }] : []),
    ],
  },
  {
    heading: 'Resources',
    links: [
      { label: 'Guide', href: EXTERNAL_LINKS.guide },
      { label: 'FAQs', href: EXTERNAL_LINKS.faqs },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Terms of Service', href: EXTERNAL_LINKS.terms },
      { label: 'Privacy Policy', href: EXTERNAL_LINKS.privacy },
    ],
  },
  {
    heading: 'Contact Us',
    links: [{ label: 'Get in touch', href: EXTERNAL_LINKS.contact }],
  },
];

/**
 * Spec section 2, 'Footer'. Laid out with its own CSS grid rather than Mantine's Grid and
 * ActionIcon: it is on every first visit, and plain CSS costs no script.
 */
export function Footer() {
  const shopUrl = useShopUrl();
  // In UTC, like every date the portal shows: the server renders the same year as the browser
  // then draws (a server-rendered page's at the server's instant, lib/render-clock).
  const year = new Date(useRenderClock() ?? Date.now()).getUTCFullYear();
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.columns}>
          <Stack gap="xs" maw={320} className={classes.about}>
            <Logo size={28} />
            <Text size="sm" c="dimmed">
              Video messages kept safe for the people you love, delivered when the moment comes.
            </Text>
            <Group gap={4} aria-label="Social media">
              {SOCIAL_LINKS.map((social) => {
                const Icon = SOCIAL_ICONS[social.label];
                return (
                  <a
                    key={social.label}
                    href={social.href}
                    className={classes.social}
                    aria-label={`${PRODUCT_NAME} on ${social.label}`}
                    {...newTab}
                  >
                    <Icon size={20} stroke={1.6} />
                  </a>
                );
              })}
            </Group>
          </Stack>
          {columns(shopUrl).map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <div className={classes.heading}>{column.heading}</div>
              {column.links.map((link) => (
                <a key={link.label} href={link.href} className={classes.link} {...newTab}>
                  {link.label}
                </a>
              ))}
            </nav>
          ))}
        </div>
        <hr className={classes.rule} />
        <Text size="xs" c="dimmed" ta="center">
          © {year} {PRODUCT_NAME}. All rights reserved.
        </Text>
      </div>
    </footer>
  );
}
