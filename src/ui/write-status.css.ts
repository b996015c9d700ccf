import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const status = style({ margin: 0, fontSize: '13px', color: vars.color.textMuted });
