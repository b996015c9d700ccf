import { secp256k1 } from '@noble/curves/secp256k1';
import { toHex, type Address } from 'viem';
import { HDKey, publicKeyToAddress } from 'viem/accounts';
import type { Reader, Writer } from '../../db/db';

/**
 * Design §2: each advertiser's deposit address is child `index` of DEPOSIT_XPUB (BIP-32, non-hardened),
 * so the server derives addresses without holding a private key. Throws on a key that is not a valid
 * extended public key.
 */
export function createAddressDeriver(xpub: string): (index: number) => Address {
  const parent = HDKey.fromExtendedKey(xpub);
  if (parent.privateKey) throw new Error('DEPOSIT_XPUB must not hold a private key');
  return (index) => {
    const compressed = parent.deriveChild(index).publicKey!;
    // Ethereum addresses hash the uncompressed key (65 bytes, 0x04 first); BIP-32 keeps it compressed.
    const uncompressed = secp256k1.ProjectivePoint.fromHex(compressed).toRawBytes(false);
    return publicKeyToAddress(toHex(uncompressed));
  };
}

/** Any fixed number: the advisory lock that makes issued indexes commit in their order. */
const INDEX_LOCK = 724_310_031;

/**
 * The advertiser's deposit address, issuing the next index the first time. The index comes from a
 * sequence, so it is never issued twice, also when two requests race (the loser's number is skipped).
 * Issuing takes a lock held to the end of the transaction, so indexes commit in the order they were
 * issued: the watcher, which loads the addresses above the highest index it knows, never skips one.
 */
export async function depositAddressOf(
  tx: Writer,
  derive: (index: number) => Address,
  userId: number,
): Promise<Address> {
  const [known] = await tx.query<{ address: Address }>(
    'SELECT address FROM deposit_addresses WHERE user_id = $1',
    [userId],
  );
  if (known) return known.address;
  await tx.query('SELECT pg_advisory_xact_lock($1)', [INDEX_LOCK]);
  const [{ index }] = (await tx.query<{ index: number }>(
    "SELECT nextval('deposit_address_index_seq')::int AS index",
  )) as [{ index: number }];
  const address = derive(index);
  const [inserted] = await tx.query<{ address: Address }>(
    `INSERT INTO deposit_addresses (user_id, derivation_index, address) VALUES ($1, $2, $3)
      ON CONFLICT (user_id) DO NOTHING RETURNING address`,
    [userId, index, address],
  );
  if (inserted) return inserted.address;
  const [winner] = await tx.query<{ address: Address }>(
    'SELECT address FROM deposit_addresses WHERE user_id = $1',
    [userId],
  );
  return winner!.address;
}

/** Every deposit address issued after `afterIndex`, lower case, with its advertiser (the watcher). */
export async function depositAddressesAfter(
  db: Reader,
  afterIndex: number,
): Promise<{ address: string; userId: number; index: number }[]> {
  const rows = await db.query<{ address: string; user_id: number; derivation_index: number }>(
    `SELECT lower(address) AS address, user_id, derivation_index FROM deposit_addresses
      WHERE derivation_index > $1 ORDER BY derivation_index`,
    [afterIndex],
  );
  return rows.map((row) => ({
    address: row.address,
    userId: Number(row.user_id),
    index: Number(row.derivation_index),
  }));
}
