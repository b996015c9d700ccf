import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

const twoColumns = 'screen and (min-width: 1100px)';
/** Below the wide screen's sidebar: a phone or a narrow window, one column. */
const narrowScreen = 'screen and (max-width: 899px)';

export const balanceChip = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space.sm} ${vars.space.lg}`,
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

export const balanceValue = style({ fontSize: '20px', fontWeight: 800 });

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [twoColumns]: { gridTemplateColumns: 'minmax(0, 1fr) 360px' } },
});

export const main = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const side = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });

export const coins = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });

export const coinGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});

export const coin = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2px',
  padding: `${vars.space.md} ${vars.space.sm}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  transition: 'border-color 120ms, background-color 120ms',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&:has(input:focus-visible)': {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
  },
});

export const coinChosen = style({
  borderColor: vars.color.primary,
  background: vars.color.primarySoft,
  selectors: { '&:hover': { borderColor: vars.color.primary } },
});

/** The native radio stays for keyboards and screen readers; the card is what shows. */
export const coinInput = style({ position: 'absolute', opacity: 0, width: 1, height: 1 });

export const coinSymbol = style({ fontSize: '17px', fontWeight: 800, letterSpacing: '0.02em' });

export const coinName = style({ fontSize: '13px', color: vars.color.textMuted });

export const amountWrap = style({ position: 'relative' });

export const amountPrefix = style({
  position: 'absolute',
  left: vars.space.md,
  top: '50%',
  transform: 'translateY(-50%)',
  color: vars.color.textMuted,
  fontWeight: 600,
});

export const amountInput = style({ paddingLeft: '28px', fontSize: '17px', fontWeight: 600 });

export const hint = style({ fontSize: '13px', color: vars.color.textMuted });

export const fieldError = style({ fontSize: '14px', fontWeight: 600, color: vars.color.danger });

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

const stepBase = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  fontSize: '14px',
});

export const stepNumber = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '28px',
  height: '28px',
  borderRadius: vars.radius.full,
  border: `2px solid currentColor`,
  fontSize: '13px',
  fontWeight: 700,
});

export const step = styleVariants({
  done: [stepBase, { color: vars.color.success }],
  current: [stepBase, { color: vars.color.text, fontWeight: 600 }],
  todo: [stepBase, { color: vars.color.textMuted }],
});

export const timer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: 600,
  '@media': {
    [narrowScreen]: {
      flexWrap: 'nowrap',
      padding: `${vars.space.xs} ${vars.space.md}`,
      fontSize: '13px',
    },
  },
});

export const timerLow = style({ background: vars.color.dangerSoft, color: vars.color.danger });

export const timerValue = style({
  fontFamily: vars.font.mono,
  fontSize: '22px',
  fontWeight: 800,
  fontVariantNumeric: 'tabular-nums',
  '@media': { [narrowScreen]: { fontSize: '18px' } },
});

export const payment = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xl,
  alignItems: 'center',
});

export const qr = style({
  flex: '0 0 auto',
  width: '184px',
  height: '184px',
  margin: '0 auto',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: '#ffffff',
});

export const paymentFields = style({
  flex: '1 1 260px',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const copyField = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const copyLabel = style({
  fontSize: '12px',
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const copyRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
});

export const copyValue = style({
  flex: 1,
  minWidth: 0,
  fontFamily: vars.font.mono,
  fontSize: '16px',
  fontWeight: 700,
});

export const address = style({ fontSize: '13px', fontWeight: 600, overflowWrap: 'anywhere' });

export const walletLink = style({
  alignSelf: 'flex-start',
  fontWeight: 600,
  fontSize: '14px',
});

export const warnings = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.xl,
});

export const details = style({ display: 'grid', gap: vars.space.md, margin: 0 });

export const detailRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none', paddingBottom: 0 } },
});

export const term = style({ color: vars.color.textMuted, fontSize: '14px' });

export const definition = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const verifyForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const mono = style({ fontFamily: vars.font.mono, fontSize: '14px' });

export const help = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});

export const pendingList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const pending = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `1px solid ${vars.color.warningBorder}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontWeight: 600,
});

/** The deposit's state while nothing is wrong or done (the other states wear ui/alert's boxes). */
export const statusInfo = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `1px solid ${vars.color.primarySoft}`,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: '14px',
});

export const statusText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

/**
 * Spec §4: the time left stays beside the buttons it limits. On a phone the bar is kept at the bottom
 * of the screen while the instructions above it scroll by.
 */
export const actionBar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  '@media': {
    [narrowScreen]: {
      position: 'sticky',
      bottom: 0,
      zIndex: 10,
      gap: vars.space.sm,
      padding: vars.space.md,
      boxShadow: vars.shadow.raised,
    },
  },
});

export const actionButtons = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'start',
  '@media': { 'screen and (min-width: 360px)': { gridTemplateColumns: '3fr 2fr' } },
});

export const startOver = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const nextStep = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** The buttons of the dialog that asks before a new deposit ends the open one. */
export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});
