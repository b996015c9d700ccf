import { globalStyle, style } from '@vanilla-extract/css';
import { vars, wideScreen } from '@/ui/theme.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const info = style({
  display: 'flex',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.primarySoft,
  color: vars.color.text,
  fontSize: '14px',
});

export const infoIcon = style({ color: vars.color.primary, flexShrink: 0 });

export const toolbar = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': {
    [wideScreen]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' },
  },
});

export const select = style({ appearance: 'auto', cursor: 'pointer' });

export const toolbarFooter = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginTop: vars.space.md,
  color: vars.color.textMuted,
  fontSize: '13px',
});

export const list = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const entry = style({
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});

export const entryHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const profile = style({ fontSize: '16px', fontWeight: 700, overflowWrap: 'anywhere' });

export const ended = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.background,
  color: vars.color.textMuted,
  fontSize: '13px',
  fontWeight: 600,
});

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const packageChip = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: '13px',
  fontWeight: 700,
});

export const categoryChip = style([
  packageChip,
  { background: vars.color.background, color: vars.color.text, fontWeight: 600 },
]);

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: 0,
  '@media': {
    'screen and (min-width: 640px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

// Nine figures: in two columns the last one takes the whole row rather than leaving a gap.
globalStyle(`${stats} > div:last-child`, {
  '@media': { 'screen and (max-width: 639px)': { gridColumn: '1 / -1' } },
});

export const term = style({ color: vars.color.textMuted, fontSize: '12px' });

export const value = style({ margin: 0, fontWeight: 700, fontSize: '15px' });

export const range = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  marginTop: vars.space.lg,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const rangeSummary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const rangeLine = style({
  marginBottom: vars.space.md,
  selectors: { '&:empty': { display: 'none' } },
});
