import { createTheme, Notification, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Rango's warm orange-red. Shade 7 is the filled colour: white on it is 5.2:1, and it is 4.7:1
 * on the lightest tint, so buttons, links and light badges all pass WCAG AA.
 */
const brasa: MantineColorsTuple = [
  '#fff1ec',
  '#ffe1d6',
  '#ffc1a8',
  '#ff9c76',
  '#ff7a4a',
  '#fb5f2b',
  '#ec4b16',
  '#c73a0b',
  '#a8320a',
  '#872807',
];

export const theme = createTheme({
  primaryColor: 'brasa',
  primaryShade: { light: 7, dark: 5 },
  colors: { brasa },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    // Mantine's notification close button has no accessible name of its own (axe: button-name).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Fechar notificação' } },
    }),
    // Every field's error is announced as it appears (STYLE.md: field errors are alerts). A plain
    // object, not InputWrapper.extend: importing the component would put it in every page's entry.
    InputWrapper: { defaultProps: { errorProps: { role: 'alert' } } },
  },
});

/** Mantine's default dimmed grey is 3.3:1 on white; gray 7 keeps secondary text readable (AA). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's error red (red 6) is 3.3:1 on white: field errors, their borders and an invalid
  // field's text use red 9 (5.4:1).
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
