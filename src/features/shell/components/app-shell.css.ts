import { style } from '@vanilla-extract/css';
import { vars, wideScreen } from '@/ui/theme.css';

// The frame itself (top bar, sidebar box, main column) is in src/ui/frame.css.ts.

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 30,
  background: 'rgba(17, 24, 39, 0.45)',
  border: 'none',
});

export const sidebarOpen = style({ transform: 'none', visibility: 'visible' });

/** Worn beside frame.css menuButton, whose look it changes for the dark sidebar. */
export const closeButton = style({
  background: 'transparent',
  borderColor: '#374151',
  color: vars.color.sidebarText,
  '@media': { [wideScreen]: { display: 'none' } },
});

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
