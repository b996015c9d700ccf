import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const copy = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
  minHeight: '34px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.primary,
  font: 'inherit',
  fontSize: '13px',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});

export const copied = style({
  color: vars.color.success,
  borderColor: vars.color.successBorder,
  background: vars.color.successSoft,
});
