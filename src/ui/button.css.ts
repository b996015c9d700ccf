import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '42px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 120ms, border-color 120ms, color 120ms',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.borderStrong,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.background } },
    },
  ],
  danger: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.danger,
      borderColor: vars.color.dangerBorder,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerSoft } },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: vars.color.primary,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.primarySoft } },
    },
  ],
});

export const block = style({ width: '100%' });
