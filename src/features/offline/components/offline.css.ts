import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  alignItems: 'baseline',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warningBorder}`,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: '14px',
});
