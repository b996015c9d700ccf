import type { Measurement } from '../report';

/** The web part of npm run bench (being written). */
export async function runWebBench(): Promise<Measurement[]> {
  return [];
}
