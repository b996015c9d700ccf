import { globalStyle, style } from '@vanilla-extract/css';
import { invalidBorder, vars } from '@/ui/theme.css';

// The campaign dialogs' forms; apart from campaigns.css.ts, which the dashboard loads.

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});

/**
 * Issue 31 point 6: a select of a dialog's form that a message is about, added to src/ui/select.css's
 * select (which the dashboard's filter brings into the first load, where no select is ever invalid).
 * Also while focused, whichever stylesheet comes first.
 */
export const checkedSelect = style({
  selectors: { '&[aria-invalid="true"], &[aria-invalid="true"]:focus': invalidBorder },
});

export const hint = style({ fontSize: '13px', color: vars.color.textMuted });

export const fieldError = style({ fontSize: '13px', color: vars.color.danger, fontWeight: 600 });

export const summary = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  fontSize: '14px',
  margin: 0,
});

globalStyle(`${summary} dt`, { color: vars.color.textMuted });
globalStyle(`${summary} dd`, { margin: 0, fontWeight: 700, textAlign: 'right' });

export const choices = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { 'screen and (min-width: 480px)': { gridTemplateColumns: '1fr 1fr' } },
});

export const choice = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': {
      borderColor: vars.color.primary,
      background: vars.color.primarySoft,
    },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const choiceTitle = style({ fontWeight: 700, color: vars.color.text });
