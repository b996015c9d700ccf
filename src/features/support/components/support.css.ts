import { globalStyle, style } from '@vanilla-extract/css';
import { vars, wideScreen } from '@/ui/theme.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const contacts = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [wideScreen]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const contactText = style({ marginBottom: vars.space.md, color: vars.color.textMuted });

export const faqList = style({ display: 'grid', gap: vars.space.sm });

export const faqItem = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const question = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  fontWeight: 700,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});

export const chevron = style({ flexShrink: 0, transition: 'transform 120ms' });

globalStyle(`${faqItem}[open] ${chevron}`, { transform: 'rotate(180deg)' });

export const answer = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: `0 ${vars.space.lg} ${vars.space.lg}`,
  color: vars.color.text,
});

globalStyle(`${answer} ol, ${answer} ul`, { margin: 0, paddingLeft: vars.space.xl });
globalStyle(`${answer} li + li`, { marginTop: vars.space.xs });
