import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * The look of field.css.ts's input, written again on purpose: the dashboard's filter (first load)
 * would otherwise bring the sign-in chunk's field styles into the dashboard's first load.
 */
export const select = style({
  width: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  selectors: {
    // The ring is the global :focus-visible outline (theme.css.ts), 3:1 and more on every surface.
    '&:focus': { borderColor: vars.color.primary },
  },
});

export const selectField = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const selectLabel = style({ fontSize: '14px', fontWeight: 600 });
