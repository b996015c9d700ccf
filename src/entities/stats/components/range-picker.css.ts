import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const picker = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const customForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const dayField = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const error = style({
  flexBasis: '100%',
  margin: 0,
  fontSize: '13px',
  color: vars.color.danger,
});

export const zoneNote = style({ margin: 0, fontSize: '13px', color: vars.color.textMuted });
