import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

/** Eight columns need about 940 px beside the 260 px sidebar; narrower screens get cards. */
const tableScreen = 'screen and (min-width: 1200px)';
const columns = '92px 84px 48px 104px minmax(212px, 1.3fr) 100px 100px minmax(96px, 1fr)';

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const filterButton = style({
  minHeight: '38px',
  padding: `0 ${vars.space.lg}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: '14px',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.background },
    '&[aria-pressed="true"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
    },
  },
});

export const errorPanel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.lg,
});

export const headerRow = style({
  display: 'none',
  '@media': {
    [tableScreen]: {
      display: 'grid',
      gridTemplateColumns: columns,
      gap: vars.space.sm,
      padding: `${vars.space.sm} ${vars.space.lg}`,
      background: vars.color.background,
      fontSize: '12px',
      fontWeight: 700,
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
      color: vars.color.textMuted,
    },
  },
});

export const rows = style({
  listStyle: 'none',
  margin: 0,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  '@media': { [tableScreen]: { padding: 0, gap: 0 } },
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: '14px',
  '@media': {
    [tableScreen]: {
      gridTemplateColumns: columns,
      gap: vars.space.sm,
      alignItems: 'center',
      padding: `${vars.space.md} ${vars.space.lg}`,
      border: 'none',
      borderTop: `1px solid ${vars.color.border}`,
      borderRadius: 0,
      selectors: { '&:hover': { background: '#fafafe' } },
    },
  },
});

export const cell = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });

export const cellLabel = style({
  fontSize: '12px',
  fontWeight: 600,
  color: vars.color.textMuted,
  '@media': { [tableScreen]: { display: 'none' } },
});

export const cellValue = style({
  minWidth: 0,
  overflowWrap: 'anywhere',
  '@media': { [tableScreen]: { whiteSpace: 'nowrap' } },
});

/** On cards the hash and its actions take the whole width. */
export const wideCell = style({
  gridColumn: '1 / -1',
  '@media': { [tableScreen]: { gridColumn: 'auto' } },
});

/**
 * A cell that stacks its value with notes (the status with its link; the amount with what was
 * credited), each wrapping in the table's narrow column.
 */
export const stackedCell = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '2px',
  '@media': { [tableScreen]: { whiteSpace: 'normal' } },
});

export const note = style({ fontSize: '12px', color: vars.color.textMuted });

/** A link under the status: a target of 24 px at least (axe target-size), two of them stacked. */
export const rowLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '24px',
  fontSize: '13px',
  fontWeight: 600,
});

/** The created time may wrap in the table's last column. */
export const wrapCell = style({ '@media': { [tableScreen]: { whiteSpace: 'normal' } } });

const badge = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: '12px',
  fontWeight: 700,
  textTransform: 'capitalize',
  border: '1px solid',
});

export const status = styleVariants({
  confirmed: [
    badge,
    {
      color: vars.color.success,
      background: vars.color.successSoft,
      borderColor: vars.color.successBorder,
    },
  ],
  pending: [
    badge,
    {
      color: vars.color.warning,
      background: vars.color.warningSoft,
      borderColor: vars.color.warningBorder,
    },
  ],
  failed: [
    badge,
    {
      color: vars.color.danger,
      background: vars.color.dangerSoft,
      borderColor: vars.color.dangerBorder,
    },
  ],
});

export const mono = style({ fontFamily: vars.font.mono, fontSize: '13px' });

export const hashCell = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const explorer = style({
  display: 'grid',
  placeItems: 'center',
  width: '34px',
  height: '34px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  textDecoration: 'none',
  fontWeight: 700,
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const count = style({ fontSize: '14px', color: vars.color.textMuted });

export const headerActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const balanceChip = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space.xs} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
});

export const balanceLabel = style({
  fontSize: '12px',
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const balanceValue = style({ fontSize: '18px', fontWeight: 800 });
