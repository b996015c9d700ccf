import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

const wide = 'screen and (min-width: 1024px)';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const stats = style({
  display: 'grid',
  gap: vars.space.md,
  // Phones: the three counts share a row and the balance card takes the next one.
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  '@media': { [wide]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const statCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  minWidth: 0,
});

export const statTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const statLabel = style({ fontSize: '13px', fontWeight: 600, color: vars.color.textMuted });

export const statIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '34px',
  height: '34px',
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  flexShrink: 0,
  '@media': { 'screen and (max-width: 479px)': { display: 'none' } },
});

export const statValue = style({ fontSize: '26px', fontWeight: 800, letterSpacing: '-0.01em' });

export const statActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const statButton = style({
  minHeight: '32px',
  padding: `0 ${vars.space.sm}`,
  fontSize: '13px',
});

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  // Below the first screen on phones: laid out and painted when scrolled near, not while the page
  // starts. The size stands in for it until then (about the toolbar and three rows).
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 640px',
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const search = style({ flex: '1 1 220px' });

export const filter = style({ flex: '0 1 200px' });

export const searchInput = style({
  width: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  font: 'inherit',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  selectors: {
    // The ring is the global :focus-visible outline (theme.css.ts), 3:1 and more on every surface.
    '&:focus': { borderColor: vars.color.primary },
  },
});

/** Spec §2: the list scrolls inside a limited height. */
export const scroll = style({ maxHeight: '560px', overflow: 'auto' });

/** The table needs about 900 px beside the 260 px sidebar (940 at 1280 px); narrower screens get cards. */
const tableScreen = 'screen and (min-width: 1280px)';

export const wideOnly = style({
  display: 'none',
  '@media': { [tableScreen]: { display: 'block' } },
});

export const narrowOnly = style({ '@media': { [tableScreen]: { display: 'none' } } });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '14px' });

globalStyle(`${table} th`, {
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: vars.color.background,
  textAlign: 'left',
  fontSize: '12px',
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
  padding: vars.space.sm,
});

// 8 px between columns: the seven columns fit beside the sidebar at 1280 px (issue 17: the last one
// was cut).
globalStyle(`${table} td`, {
  padding: `${vars.space.md} ${vars.space.sm}`,
  borderTop: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

// Clicks, budget, date and the action read as one line each.
globalStyle(`${table} td:nth-child(n + 4)`, { whiteSpace: 'nowrap' });

globalStyle(`${table} th:first-child, ${table} td:first-child`, { paddingLeft: vars.space.lg });

globalStyle(`${table} tbody tr:hover td`, { background: '#fafafe' });

export const profile = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

export const profileText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const username = style({ fontWeight: 700 });

export const fullName = style({ fontSize: '13px', color: vars.color.textMuted });

export const external = style({
  display: 'grid',
  placeItems: 'center',
  width: '28px',
  height: '28px',
  borderRadius: vars.radius.sm,
  textDecoration: 'none',
  fontWeight: 700,
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});

export const remaining = style({ display: 'block', fontSize: '12px', fontWeight: 700 });

const shimmer = keyframes({ from: { opacity: 0.45 }, to: { opacity: 1 } });

export const skeleton = style({
  display: 'block',
  height: '14px',
  borderRadius: vars.radius.sm,
  background: vars.color.border,
  animation: `${shimmer} 900ms ease-in-out infinite alternate`,
});

export const cardList = style({
  listStyle: 'none',
  margin: 0,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const miniCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const miniTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const miniStats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  fontSize: '14px',
});

globalStyle(`${miniStats} dt`, { fontSize: '11px', color: vars.color.textMuted, fontWeight: 600 });
globalStyle(`${miniStats} dd`, { margin: 0, fontWeight: 600 });

/** Phones: the balance card spans the row so its two buttons sit side by side. */
export const balanceCard = style({
  gridColumn: '1 / -1',
  '@media': { [wide]: { gridColumn: 'auto' } },
});

/**
 * The Performance section's place while its code loads: about its height with a range of clicks
 * (1,013 px at 390 px wide, 706-768 px from 768 px), so that the list below stays put.
 */
export const performancePlace = style({
  minHeight: '1010px',
  '@media': { 'screen and (min-width: 768px)': { minHeight: '720px' } },
});
