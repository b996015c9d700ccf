import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  selectors: { '&:focus': { outline: 'none' } },
});

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none', paddingBottom: 0 } },
});

/** Takes the row; the button wraps below it on a phone. */
export const info = style({ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' });

export const name = style({
  fontWeight: 600,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const details = style({ color: vars.color.textMuted, fontSize: '14px' });

export const thisDevice = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: '13px',
  fontWeight: 700,
  background: vars.color.primarySoft,
  color: vars.color.primary,
});

export const announcement = style({ fontSize: '14px' });

export const failed = style({ color: vars.color.danger });
