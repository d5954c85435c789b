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
});
