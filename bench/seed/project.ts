import { v7 as uuidv7 } from 'uuid';
import type { Random } from '../lib/random.ts';

/**
 * The one project every area's data belongs to (DESIGN §11: 1 project, 3 apps).
 * There are no projects/apps tables yet, so these are only ids; the workspace issue makes this insert the rows.
 */
export type BaseProject = {
  projectId: string;
  appIds: string[];
};

export function createBaseProject(random: Random, now: number): BaseProject {
  const id = () => uuidv7({ msecs: now - random.int(200, 400) * 86_400_000, random: randomBytes(random) });
  return { projectId: id(), appIds: [id(), id(), id()] };
}

/** 16 bytes from the seeded source, so ids repeat between runs too. */
export function randomBytes(random: Random): Uint8Array {
  return Uint8Array.from({ length: 16 }, () => random.int(0, 255));
}
