import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const section = style({
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

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({ margin: 0, fontSize: '17px', fontWeight: 700 });

export const days = style({ margin: 0, fontSize: '14px', color: vars.color.textMuted });
