import { describe, expect, it } from 'vitest';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '@/server/domain/auth/passwords';

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies only the right password', async () => {
    const first = await hashPassword('correct-horse-1');
    const second = await hashPassword('correct-horse-1');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct-horse-1', first)).toBe(true);
    expect(await verifyPassword('correct-horse-1', second)).toBe(true);
    expect(await verifyPassword('correct-horse-2', first)).toBe(false);
  });

  it('treats NFKC-equivalent spellings as the same password', async () => {
    const hash = await hashPassword('Ｐassword-ﬁ');
    expect(await verifyPassword('Password-fi', hash)).toBe(true);
  });

  it('refuses malformed hashes and every password against the dummy hash', async () => {
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('anything', 'bcrypt$1$2$3$salt$hash')).toBe(false);
    expect(await verifyPassword('', DUMMY_PASSWORD_HASH)).toBe(false);
  });
});
