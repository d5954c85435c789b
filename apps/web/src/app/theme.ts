import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

/** The one title style of every dialog. */
export const DIALOG_TITLE_STYLE = {
  fontWeight: 700,
  fontSize: 'var(--mantine-font-size-lg)',
  lineHeight: 1.3,
} as const;

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
    Modal: { styles: { title: DIALOG_TITLE_STYLE } },
  },
});
