import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const receipt = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  '@media': {
    'screen and (max-width: 420px)': { padding: vars.space.lg },
    print: { border: 'none', boxShadow: 'none', padding: 0 },
  },
});

export const title = style({ fontSize: '20px', fontWeight: 700 });

export const subtitle = style({ fontSize: '16px', fontWeight: 700, textAlign: 'left' });

export const summary = style({ display: 'grid', gap: vars.space.sm, margin: 0 });

export const parties = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { 'screen and (min-width: 640px), print': { gridTemplateColumns: '1fr 1fr' } },
});

export const partyTitle = style({ fontSize: '14px', fontWeight: 600, color: vars.color.textMuted });

export const address = style({
  display: 'flex',
  flexDirection: 'column',
  fontStyle: 'normal',
  overflowWrap: 'anywhere',
});

export const lines = style({ width: '100%', borderCollapse: 'collapse', fontSize: '14px' });

globalStyle(`${lines} th, ${lines} td`, {
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
});

globalStyle(`${lines} tfoot th, ${lines} tfoot td`, { fontWeight: 700, borderBottom: 'none' });

globalStyle(`${lines} tr`, { breakInside: 'avoid' });

/**
 * On a phone the payments' table has no room for four columns and never scrolls sideways: each
 * payment is a block of its own, every figure on a line with its column's name before it (the
 * cell's data-label), the header row read by screen readers only.
 */
const narrow = 'screen and (max-width: 639px)';
globalStyle(`${lines}, ${lines} tbody, ${lines} tfoot, ${lines} tr`, {
  '@media': { [narrow]: { display: 'block' } },
});
globalStyle(`${lines} thead`, {
  '@media': {
    [narrow]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});
globalStyle(`${lines} tr`, {
  '@media': {
    [narrow]: { padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}` },
  },
});
globalStyle(`${lines} tbody th, ${lines} tbody td, ${lines} tfoot th, ${lines} tfoot td`, {
  '@media': {
    [narrow]: {
      display: 'flex',
      justifyContent: 'space-between',
      gap: vars.space.md,
      padding: `${vars.space.xs} 0`,
      borderBottom: 'none',
    },
  },
});
globalStyle(`${lines} td[data-label]::before`, {
  '@media': {
    [narrow]: { content: 'attr(data-label)', color: vars.color.textMuted, fontWeight: 400 },
  },
});
globalStyle(`${lines} td:empty`, { '@media': { [narrow]: { display: 'none' } } });
globalStyle(`${lines} tfoot tr`, { '@media': { [narrow]: { borderBottom: 'none' } } });

export const number = style({
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  selectors: { [`${lines} &`]: { textAlign: 'right' } },
});

export const paymentCell = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: '160px',
  '@media': { [narrow]: { minWidth: 0 } },
});

export const note = style({ color: vars.color.textMuted, fontSize: '13px' });

export const footnote = style({ color: vars.color.textMuted, fontSize: '13px', margin: 0 });

export const row = style({
  display: 'grid',
  gap: vars.space.xs,
  '@media': { 'screen and (min-width: 640px), print': { gridTemplateColumns: '180px 1fr' } },
});

export const term = style({ color: vars.color.textMuted, fontSize: '14px' });

export const definition = style({ margin: 0, fontWeight: 600, minWidth: 0 });

/** Hashes and addresses in full, wrapped anywhere rather than widening the page. */
export const hash = style({
  fontFamily: vars.font.mono,
  fontSize: '13px',
  overflowWrap: 'anywhere',
});

export const explorer = style({ fontWeight: 600 });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  '@media': { print: { display: 'none' } },
});

/**
 * Printed (or saved as PDF), a receipt is the page header and the receipt alone: no top bar, sidebar,
 * banners or buttons. Only while a receipt is on the page (its article says data-receipt).
 */
const printing = 'body:has(article[data-receipt])';
globalStyle(`${printing} .frame-top-bar, ${printing} .frame-sidebar`, {
  '@media': { print: { display: 'none' } },
});
globalStyle(`${printing} .frame-content > :not(header):not(article)`, {
  '@media': { print: { display: 'none' } },
});
globalStyle(`${printing} .frame-main`, {
  '@media': { print: { margin: 0, padding: 0 } },
});
globalStyle(`${printing}`, { '@media': { print: { background: '#ffffff' } } });
