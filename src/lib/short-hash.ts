/** Spec §9: hashes and addresses shortened to the first 6 and last 4 characters. */
export function shortHash(value: string): string {
  return value.length <= 10 ? value : `${value.slice(0, 6)}...${value.slice(-4)}`;
}
