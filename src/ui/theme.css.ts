import { globalStyle } from '@vanilla-extract/css';

/**
 * The app's small design system: colours, spacing, radii, type. Plain values written into each rule
 * (the app has one theme): no custom properties to declare and to resolve, a smaller stylesheet.
 */
export const vars = {
  color: {
    primary: '#4f46e5',
    primaryHover: '#4338ca',
    primarySoft: '#eef2ff',
    onPrimary: '#ffffff',
    text: '#111827',
    textMuted: '#646b78',
    border: '#e5e7eb',
    borderStrong: '#d1d5db',
    surface: '#ffffff',
    background: '#f5f6fa',
    sidebar: '#111827',
    sidebarText: '#d1d5db',
    sidebarActive: '#1f2937',
    danger: '#b91c1c',
    dangerSoft: '#fef2f2',
    dangerBorder: '#fecaca',
    success: '#15803d',
    successSoft: '#f0fdf4',
    successBorder: '#bbf7d0',
    warning: '#92400e',
    warningSoft: '#fffbeb',
    warningBorder: '#fde68a',
    focus: '#6366f1',
  },
  space: {
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', full: '999px' },
  shadow: {
    card: '0 1px 2px rgba(17, 24, 39, 0.06), 0 4px 16px rgba(17, 24, 39, 0.06)',
    raised: '0 12px 32px rgba(17, 24, 39, 0.18)',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
} as const;

/**
 * A field a message is about (issue 31 point 6): the danger colour (6.5:1 on white), two pixels wide,
 * so that it is seen without reading the message. field.css.ts and the campaign dialogs' selects wear
 * it.
 */
export const invalidBorder = {
  borderColor: vars.color.danger,
  boxShadow: `0 0 0 1px ${vars.color.danger}`,
} as const;

/** Width at which the sidebar stops being a drawer. */
export const wideScreen = 'screen and (min-width: 900px)';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', { margin: 0, padding: 0 });
globalStyle('body', {
  fontFamily: vars.font.body,
  fontSize: '15px',
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('h1, h2, h3, p', { margin: 0 });
globalStyle('a', { color: vars.color.primary });
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});
