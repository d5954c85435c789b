import type { RelationshipType } from '@capsule/domain';
import { createTheme, type MantineColor, type MantineColorsTuple } from '@mantine/core';

// A warm violet for trust, a soft amber accent for warmth (the capsule in the logo).
const violet: MantineColorsTuple = [
  '#f4f0ff',
  '#e5dcfb',
  '#c8b6f2',
  '#a98ee9',
  '#8f6be2',
  '#7f56dd',
  '#764adc',
  '#653cc4',
  '#5935b0',
  '#4c2c9b',
];

export const ACCENT_COLOR = 'orange';

/**
 * Relationship colours, the one place they are chosen (features/contacts/relationship-colors.ts
 * reads them). Calm hues only: red, orange and yellow mean an error or a pending step
 * elsewhere (status badges, toasts, the countdown), so no relationship wears them.
 * Each type has its own colour, used by its type badge and its details' badges.
 */
export const RELATIONSHIP_TYPE_COLORS = {
  Family: 'grape',
  Friend: 'teal',
  Colleague: 'blue',
  Other: 'gray',
} as const satisfies Record<RelationshipType, MantineColor>;

/**
 * The Relationship Map tells a type's details apart (hubs, legend, the network summary's
 * dots): twelve distinct calm colours, enough for the longest list (Family has 12), as
 * Mantine 'colour.shade' names.
 */
export const RELATIONSHIP_DETAIL_PALETTE: readonly MantineColor[] = [
  // Eight calm hues first, in an order that keeps the commonest details (the first of each
  // list) far apart; then darker and lighter shades of them. Every one carries white text.
  'teal.7',
  'indigo.6',
  'grape.6',
  'cyan.8',
  'lime.8',
  'blue.6',
  'violet.8',
  'green.9',
  'grape.9',
  'violet.5',
  'indigo.9',
  'teal.9',
];

/** The one title style of every dialog. */
export const DIALOG_TITLE_STYLE = {
  fontWeight: 700,
  fontSize: 'var(--mantine-font-size-lg)',
  lineHeight: 1.3,
} as const;

/** The accessible name of every dialog's close button. */
export const DIALOG_CLOSE_LABEL = 'Close dialog';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand: violet },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  // Mantine's `sm` breakpoint is 48em = 768 px: the spec's mobile breakpoint (section 9).
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    // Every dialog (capsules, contacts, groups) has one title style, set here and nowhere
    // else. A plain object rather than Modal.extend(): the theme is part of the sign-in
    // screens' bundle, which has no dialog.
    // Every dialog's close button (an X icon) is named for screen readers here, once; a
    // dialog passing closeButtonProps of its own must name it too (the props are not merged).
    Modal: {
      styles: { title: DIALOG_TITLE_STYLE },
      defaultProps: { closeButtonProps: { 'aria-label': DIALOG_CLOSE_LABEL } },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': DIALOG_CLOSE_LABEL } } },
    // Mantine keeps every select's option list mounted (hidden) from the first render, with
    // its scroll area and floating position computed on mount: a forced style and layout of
    // the whole page per select, about 110 ms of the dashboard's first render on a 2-core
    // machine for its two filters. The list is drawn when it opens instead.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
