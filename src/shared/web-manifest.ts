import type { ManifestOptions } from 'vite-plugin-pwa';

// Design §4: installable with name, short name, icons 192/512 and maskable, standalone display.
export const webManifest: Partial<ManifestOptions> = {
  name: 'PromoClicks Advertiser Dashboard',
  short_name: 'PromoClicks',
  description: 'Buy and steer pay-per-click campaigns for creator profiles.',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: '#4f46e5',
  background_color: '#f8fafc',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
};
