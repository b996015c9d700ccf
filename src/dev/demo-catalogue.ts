import type { CatalogueProfile } from '../server/domain/campaigns/catalogue';

/**
 * A deterministic demo creator catalogue for development (design §5): the same seed always gives the
 * same creators, so screenshots, tests and a kept data folder agree across restarts.
 */
export const DEMO_CATALOGUE_SIZE = 2400;
export const DEMO_CATALOGUE_SEED = 20_261_121;

const FIRST_NAMES = (
  'Ava Mia Luna Zoe Ivy Nora Lila Ruby Jade Cleo Emma Aria Skye Nina Lola Maya Sara Tess Vera ' +
  'Elsa Liam Noah Leo Kai Max Finn Theo Jack Eli Owen Milo Ezra Jude Axel Nico Remy Cole Dean ' +
  'Hugo Ravi Amara Bianca Camila Daria Esme Freya Gia Hana Iris Juno'
).split(' ');

const LAST_NAMES = (
  'Rivera Novak Kim Silva Moreau Larsen Okafor Rossi Tanaka Kowalski Haddad Costa Fischer ' +
  'Nguyen Patel Reyes Dubois Ivanova Berg Quinn Santos Walsh Marin Sato Lindqvist Mendes ' +
  'Ortiz Hart Vogel Blake'
).split(' ');

const HANDLE_WORDS = (
  'fit art cos travel beats glow chef yoga ink snap gamer dance style wild sunny neon cozy ' +
  'pixel daily vibes'
).split(' ');

/** Monthly subscription prices in cents; 0 is a free profile. */
const PRICES_CENTS = [0, 0, 499, 699, 999, 999, 1299, 1499, 1999, 2499, 2999, 4999];

/** mulberry32: a tiny seeded generator, good enough for demo data and simulated traffic. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function generateDemoCatalogue(
  count = DEMO_CATALOGUE_SIZE,
  seed = DEMO_CATALOGUE_SEED,
): CatalogueProfile[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const taken = new Set<string>();
  const profiles: CatalogueProfile[] = [];
  while (profiles.length < count) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const username = uniqueHandle(taken, handleFor(first, last, pick(HANDLE_WORDS), next()));
    // Follower-like skew: most creators are small, a few are large.
    const likes = Math.floor(next() ** 3 * 2_000_000);
    profiles.push({
      username,
      fullName: `${first} ${last}`,
      avatar: `/avatars/${username}.svg`,
      likes,
      photosCount: Math.floor(next() ** 2 * 3000),
      videosCount: Math.floor(next() ** 2 * 600),
      subscribePriceCents: pick(PRICES_CENTS),
      // About one creator in thirty is no longer listed at the partner: "Model Not Available".
      listed: next() >= 1 / 30,
    });
  }
  return profiles;
}

function handleFor(first: string, last: string, word: string, roll: number): string {
  const f = first.toLowerCase();
  const l = last.toLowerCase();
  if (roll < 0.3) return `${f}.${l}`;
  if (roll < 0.55) return `${f}_${word}`;
  if (roll < 0.8) return `${word}by${f}`;
  return `${f}${l.slice(0, 1)}`;
}

function uniqueHandle(taken: Set<string>, base: string): string {
  let handle = base;
  for (let n = 2; taken.has(handle); n += 1) handle = `${base}${n}`;
  taken.add(handle);
  return handle;
}

/** A hue from the username (FNV-1a), so each creator keeps their colour. */
function hueOf(username: string): number {
  let hash = 0x811c9dc5;
  for (const char of username) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 360;
}

/** A small SVG avatar: the initials on a two-tone background with a pattern of the username's hue. */
export function avatarSvg(username: string, fullName: string): string {
  const hue = hueOf(username);
  const initials = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  const angle = hue % 180;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${initials}">` +
    `<rect width="96" height="96" fill="hsl(${hue} 62% 46%)"/>` +
    `<circle cx="${20 + (hue % 56)}" cy="${76 - (hue % 40)}" r="38" fill="hsl(${(hue + 40) % 360} 70% 60%)" opacity=".55" transform="rotate(${angle} 48 48)"/>` +
    `<text x="48" y="60" text-anchor="middle" font-family="system-ui,sans-serif" font-size="36" font-weight="600" fill="#fff">${initials}</text>` +
    `</svg>`
  );
}
