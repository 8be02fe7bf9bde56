import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../server/db/client.ts';
import { hashPassword } from '../../server/features/auth/passwords.ts';
import { accounts, apps, projects } from '../../server/db/schema/index.ts';
import type { Random } from '../lib/random.ts';

/** The one project every area's data belongs to (DESIGN §11: 1 project, 3 apps), owned by one account. */
export type BaseProject = {
  projectId: string;
  ownerAccountId: string;
  appIds: string[];
};

export function createBaseProject(random: Random, now: number): BaseProject {
  const id = () => uuidv7({ msecs: now - random.int(200, 400) * 86_400_000, random: randomBytes(random) });
  return { ownerAccountId: id(), projectId: id(), appIds: [id(), id(), id()] };
}

/** The owner signs in with these in the page-load measurements (a scratch database, thrown away after the run). */
export const benchOwnerLogin = { email: 'inhaberin@bench.example', password: 'Bench-Passwort-2026!' } as const;

/** Inserts the base project's rows: the owner's account, the project (largest tariff) and its three apps. */
export async function insertBaseProject(db: Db, project: BaseProject): Promise<void> {
  await db.insert(accounts).values({
    id: project.ownerAccountId,
    email: benchOwnerLogin.email,
    passwordHash: await hashPassword(benchOwnerLogin.password),
    firstName: 'Ines',
    lastName: 'Inhaberin',
    emailVerifiedAt: new Date(),
  });
  await db.insert(projects).values({
    id: project.projectId,
    name: 'Bench-Akademie',
    ownerAccountId: project.ownerAccountId,
    tariffId: 'business',
  });
  await db.insert(apps).values(
    project.appIds.map((id, index) => ({
      id,
      projectId: project.projectId,
      slug: `bench-app-${index + 1}`,
      name: `Bench App ${index + 1}`,
    })),
  );
}

/** 16 bytes from the seeded source, so ids repeat between runs too. */
export function randomBytes(random: Random): Uint8Array {
  return Uint8Array.from({ length: 16 }, () => random.int(0, 255));
}
