import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

const base = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid',
  fontSize: '14px',
});

export const alert = styleVariants({
  error: [
    base,
    {
      background: vars.color.dangerSoft,
      borderColor: vars.color.dangerBorder,
      color: vars.color.danger,
    },
  ],
  success: [
    base,
    {
      background: vars.color.successSoft,
      borderColor: vars.color.successBorder,
      color: vars.color.success,
    },
  ],
  warning: [
    base,
    {
      background: vars.color.warningSoft,
      borderColor: vars.color.warningBorder,
      color: vars.color.warning,
    },
  ],
});

export const title = style({ fontWeight: 700, display: 'block' });
export const icon = style({ flexShrink: 0, fontWeight: 700, lineHeight: 1.5 });
