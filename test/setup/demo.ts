/**
 * Vitest global setup: makes sure `public/demo/database/demo/demo.sqlite`
 * exists and is current before any test reads it. A no-op when the stored
 * build matches its stamp.
 */
import { buildDemo } from '../../scripts/build-demo.ts';

export default async function setup(): Promise<void> {
  await buildDemo();
}
