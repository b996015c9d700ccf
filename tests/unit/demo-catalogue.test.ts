import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE_SIZE, avatarSvg, generateDemoCatalogue } from '@/dev/demo-catalogue';
import { USERNAME_PATTERN } from '@/server/domain/campaigns/catalogue';

describe('generateDemoCatalogue', () => {
  const catalogue = generateDemoCatalogue();

  it('makes at least 2,000 creators', () => {
    expect(DEMO_CATALOGUE_SIZE).toBe(2400);
    expect(catalogue).toHaveLength(2400);
  });

  it('gives every creator a unique username, also ignoring case', () => {
    const names = new Set(catalogue.map((profile) => profile.username.toLowerCase()));
    expect(names.size).toBe(catalogue.length);
    expect(catalogue.every((profile) => USERNAME_PATTERN.test(profile.username))).toBe(true);
  });

  it('is the same on every run for the same seed, and differs for another seed', () => {
    expect(generateDemoCatalogue()).toEqual(catalogue);
    expect(generateDemoCatalogue(50, 7)).toEqual(generateDemoCatalogue(50, 7));
    expect(generateDemoCatalogue(50, 8)).not.toEqual(generateDemoCatalogue(50, 7));
    expect(generateDemoCatalogue(10)).toEqual(catalogue.slice(0, 10));
  });

  it('fills every field with a value the profiles table accepts', () => {
    for (const profile of catalogue) {
      expect(profile.avatar).toBe(`/avatars/${profile.username}.svg`);
      expect(profile.fullName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      for (const count of [profile.likes, profile.photosCount, profile.videosCount]) {
        expect(Number.isInteger(count) && count >= 0 && count < 2_147_483_647).toBe(true);
      }
      expect([0, 499, 699, 999, 1299, 1499, 1999, 2499, 2999, 4999]).toContain(
        profile.subscribePriceCents,
      );
    }
  });

  it('lists most creators and leaves a few unlisted', () => {
    const unlisted = catalogue.filter((profile) => !profile.listed).length;
    expect(unlisted).toBeGreaterThan(0);
    expect(unlisted).toBeLessThan(catalogue.length / 10);
  });
});

describe('avatarSvg', () => {
  it('draws the initials in a colour of the username', () => {
    const svg = avatarSvg('ava.rivera', 'Ava Rivera');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('>AR</text>');
    expect(svg).toBe(avatarSvg('ava.rivera', 'Ava Rivera'));
    expect(svg).not.toBe(avatarSvg('ava_fit', 'Ava Rivera'));
    expect(svg.length).toBeLessThan(1024);
  });
});
