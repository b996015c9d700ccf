import { style } from '@vanilla-extract/css';
import { vars } from '@/ui/theme.css';

export const qr = style({
  width: '200px',
  maxWidth: '100%',
  height: 'auto',
  aspectRatio: '1',
  background: '#fff',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const secret = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '14px',
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9.5em, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '15px',
});

export const code = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primarySoft,
  textAlign: 'center',
});
