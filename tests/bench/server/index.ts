import type { Measurement } from '../report';

/** The server part of npm run bench (being written). */
export async function runServerBench(): Promise<Measurement[]> {
  return [];
}
