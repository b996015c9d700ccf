import { globalStyle, style, type GlobalStyleRule } from '@vanilla-extract/css';
import { vars, wideScreen } from './theme.css';

/**
 * The page frames (the signed-in layout with its top bar and sidebar, the centred card of the sign-in
 * pages, the page header). Their class names are fixed, not generated: the app shell in index.html
 * (painted by src/boot.ts before the app's code has loaded) wears the same classes as the React
 * layouts, so the page the app draws lands exactly where the shell stood. Loaded with the first
 * stylesheet (src/main.tsx imports this file).
 */
function frameClass(name: string, rule: GlobalStyleRule): string {
  globalStyle(`.${name}`, rule);
  return name;
}

const sidebarWidth = '260px';

export const shell = frameClass('frame-shell', { minHeight: '100vh' });

export const topBar = frameClass('frame-top-bar', {
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

export const menuButton = frameClass('frame-menu-button', {
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

export const brand = frameClass('frame-brand', {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 800,
  fontSize: '17px',
});

export const logo = frameClass('frame-logo', {
  display: 'grid',
  placeItems: 'center',
  width: '30px',
  height: '30px',
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: '14px',
});

export const sidebar = frameClass('frame-sidebar', {
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

export const sidebarHeader = frameClass('frame-sidebar-header', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.lg}`,
  color: '#ffffff',
});

export const main = frameClass('frame-main', {
  minWidth: 0,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  '@media': {
    [wideScreen]: { marginLeft: sidebarWidth, padding: `${vars.space.xxl} 40px` },
  },
});

export const content = frameClass('frame-content', {
  maxWidth: '1200px',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const pageHeader = frameClass('frame-page-header', {
  // The list screens' "Updating…" mark hangs below it, in its margin (ui/updating-mark.css.ts).
  position: 'relative',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.xl,
});

export const pageTitle = frameClass('frame-page-title', {
  fontSize: '24px',
  fontWeight: 700,
  letterSpacing: '-0.01em',
});

export const pageSubtitle = frameClass('frame-page-subtitle', {
  color: vars.color.textMuted,
  marginTop: vars.space.xs,
});

export const authPage = frameClass('frame-auth-page', {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  // A plain colour, no gradient: axe (and a reader) can then measure the contrast of every text on it.
  background: vars.color.background,
});

export const authBrand = frameClass('frame-auth-brand', {
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
  fontSize: '20px',
  fontWeight: 800,
  color: vars.color.text,
  textDecoration: 'none',
});

export const authLogo = frameClass('frame-auth-logo', {
  display: 'grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: '18px',
});

export const authCard = frameClass('frame-auth-card', {
  width: '100%',
  maxWidth: '440px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  '@media': { 'screen and (max-width: 420px)': { padding: `${vars.space.xl} ${vars.space.lg}` } },
});

export const authTitle = frameClass('frame-auth-title', {
  fontSize: '24px',
  fontWeight: 700,
  letterSpacing: '-0.01em',
  textAlign: 'center',
  marginBottom: vars.space.xl,
});

export const authSubtitle = frameClass('frame-auth-subtitle', {
  marginTop: `calc(${vars.space.xs} - ${vars.space.xl})`,
  marginBottom: vars.space.xl,
  textAlign: 'center',
  color: vars.color.textMuted,
});

/** The shell's spinner in the card: about the height of the sign-in form, which takes its place. */
frameClass('frame-auth-loading', { minHeight: '448px' });

/** Read by screen readers, not shown (in the first stylesheet: the sidebar's badge needs it). */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
