import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  minWidth: 0,
});

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });

export const identity = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 });

// A name is never cut (issue 17): a long one breaks onto the next line on a phone.
export const username = style({
  fontWeight: 700,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const fullName = style({
  fontSize: '13px',
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});

/** Total / used / remaining always side by side, even on a phone. */
export const clickStats = style([stats, { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }]);

export const stat = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const statLabel = style({
  fontSize: '11px',
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const statValue = style({
  margin: 0,
  fontWeight: 700,
  fontSize: '15px',
  whiteSpace: 'nowrap',
});

export const clicksBar = style({
  height: '6px',
  borderRadius: vars.radius.full,
  background: vars.color.border,
  overflow: 'hidden',
});

const fill = style({ height: '100%', borderRadius: vars.radius.full });

export const clicksFill = styleVariants({
  good: [fill, { background: '#22c55e' }],
  low: [fill, { background: '#eab308' }],
  critical: [fill, { background: '#ef4444' }],
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  marginTop: 'auto',
});
