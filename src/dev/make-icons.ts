import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/**
 * Renders the PWA icons in public/icons from the SVG logo (public/favicon.svg). The PNGs are
 * committed; run `npm run icons` again after changing the logo.
 */
const publicDir = fileURLToPath(new URL('../../public/', import.meta.url));
const iconsDir = `${publicDir}icons/`;
const logo = readFileSync(`${publicDir}favicon.svg`);
/** The logo's own background colour, so full-bleed icons show no seam around it. */
const background = '#4f46e5';
/** The SVG's viewBox is 64 units wide. */
const LOGO_UNITS = 64;

function renderLogo(size: number): Promise<Buffer> {
  return sharp(logo, { density: (72 * size) / LOGO_UNITS })
    .resize(size, size)
    .png()
    .toBuffer();
}

/** The logo as is, with its rounded corners transparent: for browsers that show the icon unmasked. */
async function plainIcon(size: number, file: string): Promise<void> {
  await sharp(await renderLogo(size))
    .png({ compressionLevel: 9 })
    .toFile(iconsDir + file);
}

/**
 * A full square of the background colour with the logo scaled to `logoShare` of it, centred. A
 * maskable icon keeps its content in the inner circle of 80% diameter (the safe zone), and iOS
 * draws transparent pixels of an apple-touch-icon black, so both get this layout.
 */
async function fullBleedIcon(size: number, logoShare: number, file: string): Promise<void> {
  const logoSize = Math.round(size * logoShare);
  const offset = Math.round((size - logoSize) / 2);
  const composed = await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: await renderLogo(logoSize), left: offset, top: offset }])
    .png()
    .toBuffer();
  // sharp composites last in its pipeline, so dropping the alpha channel takes a second pass.
  await sharp(composed)
    .flatten({ background })
    .png({ compressionLevel: 9 })
    .toFile(iconsDir + file);
}

mkdirSync(iconsDir, { recursive: true });
await plainIcon(192, 'icon-192.png');
await plainIcon(512, 'icon-512.png');
// The glyph spans the middle 28/64 of the logo: at 90% its corners stay inside the safe zone's circle.
await fullBleedIcon(512, 0.9, 'icon-maskable-512.png');
await fullBleedIcon(180, 1, 'apple-touch-icon.png');
console.log(`Icons written to ${iconsDir}`);
