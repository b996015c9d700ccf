import { describe, expect, it } from 'vitest';
import { parseCatalogueFeed } from '@/server/domain/campaigns/catalogue';

const line = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    username: 'ava.rivera',
    full_name: 'Ava Rivera',
    avatar: 'https://cdn.partner.example/a/ava.jpg',
    likes: 1200,
    photos_count: 30,
    videos_count: 4,
    subscribe_price: 9.99,
    ...fields,
  });

describe('parseCatalogueFeed', () => {
  it('turns each good line into a listed profile with the price in cents', () => {
    const feed = [line(), line({ username: 'mia_fit', full_name: 'Mia Kim', subscribe_price: 0 })];
    expect(parseCatalogueFeed(feed.join('\n'))).toEqual({
      profiles: [
        {
          username: 'ava.rivera',
          fullName: 'Ava Rivera',
          avatar: 'https://cdn.partner.example/a/ava.jpg',
          likes: 1200,
          photosCount: 30,
          videosCount: 4,
          subscribePriceCents: 999,
          listed: true,
        },
        {
          username: 'mia_fit',
          fullName: 'Mia Kim',
          avatar: 'https://cdn.partner.example/a/ava.jpg',
          likes: 1200,
          photosCount: 30,
          videosCount: 4,
          subscribePriceCents: 0,
          listed: true,
        },
      ],
      errors: [],
    });
  });

  it('reports each bad line with its number and keeps the good ones', () => {
    const feed = [
      line(),
      '{"username": ',
      '',
      line({ username: 'bad name' }),
      line({ username: 'b1', likes: -1 }),
      line({ username: 'b2', photos_count: 1.5 }),
      line({ username: 'b3', subscribe_price: 9.999 }),
      line({ username: 'b4', avatar: 'javascript:alert(1)' }),
      line({ username: 'b5', full_name: '   ' }),
      JSON.stringify({ username: 'b6', full_name: 'B Six' }),
      line({ username: 'AVA.Rivera' }),
      line({ username: 'ok2', full_name: '  Trimmed Name ' }),
      '[1, 2]',
    ].join('\r\n');
    const { profiles, errors } = parseCatalogueFeed(feed);
    expect(profiles.map((profile) => [profile.username, profile.fullName])).toEqual([
      ['ava.rivera', 'Ava Rivera'],
      ['ok2', 'Trimmed Name'],
    ]);
    expect(errors).toEqual([
      { line: 2, message: 'not valid JSON' },
      {
        line: 4,
        message:
          'username must be 1-64 letters, digits, dots, dashes or underscores, starting with a letter or digit',
      },
      { line: 5, message: 'likes must not be negative' },
      { line: 6, message: 'photos_count must be a whole number' },
      { line: 7, message: 'subscribe_price must have at most 2 decimals' },
      { line: 8, message: 'avatar must be an http(s) URL or a path starting with /' },
      { line: 9, message: 'full_name must not be empty' },
      { line: 10, message: 'avatar is missing' },
      { line: 11, message: 'username AVA.Rivera already appears on line 1' },
      { line: 13, message: 'not a JSON object' },
    ]);
  });

  it('reads an empty feed as nothing to do', () => {
    expect(parseCatalogueFeed('\n\n')).toEqual({ profiles: [], errors: [] });
  });
});
