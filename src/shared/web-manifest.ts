import type { ManifestOptions } from 'vite-plugin-pwa';

/** Icon files rendered from public/favicon.svg by `npm run icons` (src/dev/make-icons.ts). */
export const manifestIcons = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
  {
    src: '/icons/icon-maskable-512.png',
    sizes: '512x512',
    type: 'image/png',
    purpose: 'maskable',
  },
];

/** Shown by richer install dialogs; taken by src/dev/screenshot.ts. */
export const manifestScreenshots = [
  {
    src: '/screenshots/dashboard-wide.png',
    sizes: '1280x800',
    type: 'image/png',
    form_factor: 'wide' as const,
    label: 'Campaign dashboard',
  },
  {
    src: '/screenshots/dashboard-phone.png',
    sizes: '390x844',
    type: 'image/png',
    form_factor: 'narrow' as const,
    label: 'Campaign dashboard on a phone',
  },
];

// Design §4: installable with name, short name, icons 192/512 and maskable, standalone display,
// start URL, theme colour, screenshots.
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'PromoClicks Advertiser Dashboard',
  short_name: 'PromoClicks',
  description: 'Buy and steer pay-per-click campaigns for creator profiles.',
  lang: 'en',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: '#4f46e5',
  background_color: '#f8fafc',
  icons: manifestIcons,
  screenshots: manifestScreenshots,
};
