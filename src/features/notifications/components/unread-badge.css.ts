import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

// The sidebar's badge on its own: the shell does not load the notifications page's styles.
export const navBadge = style({
  marginLeft: 'auto',
  minWidth: '22px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: '#ffffff',
  fontSize: '12px',
  fontWeight: 700,
  lineHeight: '22px',
  textAlign: 'center',
});
