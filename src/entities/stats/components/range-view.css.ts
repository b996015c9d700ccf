import { style, styleVariants } from '@vanilla-extract/css';
import { card } from '@/ui/card.css';
import { vars } from '@/ui/theme.css';

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: 0,
  '@media': {
    'screen and (min-width: 768px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  minWidth: 0,
});

export const tileLabel = style({ fontSize: '13px', fontWeight: 600, color: vars.color.textMuted });

export const tileValue = style({
  margin: 0,
  fontSize: '22px',
  fontWeight: 800,
  overflowWrap: 'anywhere',
});

/** The change against the range before (issue 35 point 7). */
export const tileChange = style({ margin: 0, fontSize: '13px', color: vars.color.textMuted });

/** The credits beside the spend (issue 35 point 4). */
export const credits = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const creditsTotal = style({ margin: 0, fontSize: '14px', fontWeight: 600 });
export const creditList = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  fontSize: '14px',
  color: vars.color.textMuted,
});

/** The previous range's figures while the next range loads. */
export const stale = style({ opacity: 0.6 });

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const skeleton = style({
  height: '80px',
  borderRadius: vars.radius.md,
  background: vars.color.background,
});

export const chartSkeleton = style([skeleton, { height: '240px' }]);

export const message = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: '14px' });

/** The card of a range's figures (the app's card); the tracker's cards have more room around them. */
const sectionBase = style([
  card,
  { display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 },
]);
export const section = styleVariants({
  lg: [sectionBase, { padding: vars.space.lg }],
  xl: [sectionBase],
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({ margin: 0, fontSize: '17px', fontWeight: 700 });
