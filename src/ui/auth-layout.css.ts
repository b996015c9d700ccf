import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The page, brand, card, title and subtitle of the layout are in src/ui/frame.css.ts.

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: '14px',
});

export const link = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const footer = style({
  marginTop: vars.space.xl,
  textAlign: 'center',
  fontSize: '14px',
  color: vars.color.textMuted,
});

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
  fontSize: '13px',
  '::before': { content: '""', flex: 1, height: '1px', background: vars.color.border },
  '::after': { content: '""', flex: 1, height: '1px', background: vars.color.border },
});

export const stateIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '64px',
  height: '64px',
  margin: `0 auto ${vars.space.lg}`,
  borderRadius: vars.radius.full,
  fontSize: '28px',
  fontWeight: 700,
});

export const successIcon = style([
  stateIcon,
  { background: vars.color.successSoft, color: vars.color.success },
]);

export const errorIcon = style([
  stateIcon,
  { background: vars.color.dangerSoft, color: vars.color.danger },
]);

export const centerText = style({ textAlign: 'center', color: vars.color.textMuted });

export const countdown = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 700,
  color: vars.color.text,
});

export const inlineButton = style({
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.primary,
  cursor: 'pointer',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
