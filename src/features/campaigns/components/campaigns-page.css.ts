import { style } from '@vanilla-extract/css';
import { vars, wideScreen } from '@/ui/theme.css';

export const headerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const toolbar = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'end',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const searchField = style({ gridColumn: '1 / -1' });

export const searchInput = style({
  width: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  font: 'inherit',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    // The ring is the global :focus-visible outline (theme.css.ts), 3:1 and more on every surface.
    '&:focus': { borderColor: vars.color.primary },
  },
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const count = style({ fontSize: '14px', color: vars.color.textMuted, fontWeight: 600 });

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))',
});

export const rangeField = style({ gridColumn: '1 / -1' });

/** Room for the longest order ("Highest Cost per Click in Range") once beside the sidebar. */
export const sortField = style({ '@media': { [wideScreen]: { gridColumn: 'span 2' } } });
