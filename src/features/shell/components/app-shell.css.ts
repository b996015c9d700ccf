import { style } from '@vanilla-extract/css';
import { vars, wideScreen } from '../../../ui/theme.css';

const sidebarWidth = '260px';

export const shell = style({ minHeight: '100vh' });

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  height: '56px',
  padding: `0 ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [wideScreen]: { display: 'none' } },
});

export const menuButton = style({
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 800,
  fontSize: '17px',
});

export const logo = style({
  display: 'grid',
  placeItems: 'center',
  width: '30px',
  height: '30px',
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: '14px',
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 30,
  background: 'rgba(17, 24, 39, 0.45)',
  border: 'none',
  '@media': { [wideScreen]: { display: 'none' } },
});

export const sidebar = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: 40,
  width: sidebarWidth,
  maxWidth: '85vw',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.sidebar,
  color: vars.color.sidebarText,
  transform: 'translateX(-100%)',
  visibility: 'hidden',
  transition: 'transform 200ms ease, visibility 200ms',
  '@media': {
    [wideScreen]: { transform: 'none', visibility: 'visible' },
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
  },
});

export const sidebarOpen = style({ transform: 'none', visibility: 'visible' });

export const sidebarHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.lg}`,
  color: '#ffffff',
});

export const closeButton = style([
  menuButton,
  {
    background: 'transparent',
    borderColor: '#374151',
    color: vars.color.sidebarText,
    '@media': { [wideScreen]: { display: 'none' } },
  },
]);

export const nav = style({ flex: 1, overflowY: 'auto', padding: `0 ${vars.space.md}` });

export const navList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const subList = style([navList, { paddingLeft: vars.space.xl }]);

export const navItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: '42px',
  margin: '2px 0',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: 'none',
  background: 'transparent',
  color: vars.color.sidebarText,
  font: 'inherit',
  fontSize: '15px',
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.sidebarActive, color: '#ffffff' },
    '&[data-status="active"]': { background: vars.color.primary, color: '#ffffff' },
  },
});

export const chevron = style({
  marginLeft: 'auto',
  transition: 'transform 150ms',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' } },
});

export const smallOnly = style({ '@media': { [wideScreen]: { display: 'none' } } });

export const footer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderTop: '1px solid #1f2937',
});

export const userLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  color: '#ffffff',
  textDecoration: 'none',
  minWidth: 0,
  selectors: { '&:hover': { background: vars.color.sidebarActive } },
});

export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  fontWeight: 700,
  textTransform: 'uppercase',
});

export const userText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const userName = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' });

export const userEmail = style({
  fontSize: '13px',
  color: '#9ca3af',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const main = style({
  minWidth: 0,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  '@media': {
    [wideScreen]: { marginLeft: sidebarWidth, padding: `${vars.space.xxl} 40px` },
  },
});

export const content = style({
  maxWidth: '1200px',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
