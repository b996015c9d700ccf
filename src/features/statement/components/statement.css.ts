import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

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
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const section = style({ display: 'grid', gap: vars.space.lg });

export const tiles = style({
  padding: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const rows = style({ listStyle: 'none', margin: 0, padding: 0 });

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${vars.space.xs} ${vars.space.md}`,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const kind = style({ fontWeight: 600 });

export const concerns = style({
  color: vars.color.textMuted,
  fontSize: '14px',
  overflowWrap: 'anywhere',
});

export const time = style({ color: vars.color.textMuted, fontSize: '13px' });

export const amounts = style({
  display: 'grid',
  justifyItems: 'end',
  alignContent: 'start',
  gap: vars.space.xs,
  fontVariantNumeric: 'tabular-nums',
});

export const credit = style({ color: vars.color.success, fontWeight: 700 });
export const debit = style({ fontWeight: 700 });
export const after = style({ color: vars.color.textMuted, fontSize: '13px' });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
});

export const muted = style({ color: vars.color.textMuted, fontSize: '14px', margin: 0 });

export const months = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  padding: vars.space.lg,
});

export const errorPanel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.lg,
});

/** The printed statement: one document, its table in full. */
export const document = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': {
    print: { border: 'none', padding: 0, breakAfter: 'page', breakInside: 'auto' },
  },
});

export const documentHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.lg,
});

export const documentTitle = style({ margin: 0, fontSize: '20px' });

export const facts = style({ display: 'grid', gap: vars.space.xs, margin: 0 });

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '14px',
  fontVariantNumeric: 'tabular-nums',
});

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
  overflowWrap: 'anywhere',
});

globalStyle(`${table} th:nth-child(n + 3), ${table} td:nth-child(n + 3)`, {
  textAlign: 'right',
  whiteSpace: 'nowrap',
});

globalStyle(`${table} tfoot td, ${table} tfoot th`, { fontWeight: 700 });

export const noPrint = style({ '@media': { print: { display: 'none' } } });

/** Printed, the statement is the document alone: no top bar, sidebar, banners or buttons. */
const printing = 'body:has(article[data-statement])';
globalStyle(`${printing} .frame-top-bar, ${printing} .frame-sidebar`, {
  '@media': { print: { display: 'none' } },
});
globalStyle(`${printing} .frame-content > :not(article)`, {
  '@media': { print: { display: 'none' } },
});
globalStyle(`${printing} .frame-main`, {
  '@media': { print: { margin: 0, padding: 0 } },
});
