import { style } from '@vanilla-extract/css';
import { invalidBorder, vars } from './theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({ fontSize: '14px', fontWeight: 600, color: vars.color.text });

export const hint = style({ fontSize: '13px', color: vars.color.textMuted });

export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  transition: 'border-color 120ms, box-shadow 120ms',
  selectors: {
    // The ring is the global :focus-visible outline (theme.css.ts), 3:1 and more on every surface.
    '&:focus': { borderColor: vars.color.primary },
    '&:disabled': { background: vars.color.background, color: vars.color.textMuted },
    // Issue 31 point 6: a field a message is about wears the danger colour, two pixels wide, also
    // while focused (this rule comes after :focus).
    '&[aria-invalid="true"]': invalidBorder,
  },
});

export const inputWithToggle = style({ paddingRight: '72px' });

export const passwordWrap = style({ position: 'relative' });

export const toggle = style({
  position: 'absolute',
  top: '50%',
  right: vars.space.xs,
  transform: 'translateY(-50%)',
  minHeight: '34px',
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.primary,
  font: 'inherit',
  fontSize: '13px',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontSize: '14px',
  color: vars.color.text,
  cursor: 'pointer',
});

export const checkbox = style({
  width: '18px',
  height: '18px',
  marginTop: '2px',
  accentColor: vars.color.primary,
  flexShrink: 0,
});
