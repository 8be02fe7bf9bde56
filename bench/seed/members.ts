import { v7 as uuidv7 } from 'uuid';
import type { MemberType } from '../../contracts/enums.ts';
import { accounts, contacts, profileTags, profiles, tags } from '../../server/db/schema/index.ts';
import type { SeedContext } from '../lib/types.ts';
import { randomBytes } from './project.ts';

export type MembersSeed = {
  appId: string;
  ownerAccountId: string;
  memberCount: number;
  tagCount: number;
  taggedProfiles: number;
  /** The tag the filtered scenario asks for (about 10 % of the members carry it). */
  filterTagId: string;
};

const memberCount = 10_000;
const batchSize = 1_000;
const dayMs = 86_400_000;

const firstNames =
  'Anna Ben Clara David Emma Felix Greta Hannah Jonas Lea Lukas Marie Noah Paul Sophie'.split(' ');
const lastNames = 'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch'.split(
  ' ',
);
const types: readonly (readonly [MemberType, number])[] = [
  ['member', 92],
  ['invited', 5],
  ['moderator', 2],
  ['admin', 1],
];

/**
 * 10,000 members of the first app (DESIGN §11), joined over two years, with the two default tags, 18 more tags
 * (a third of the members carry one to three), and a contact per person. The owner's own profile is added.
 */
export async function seedMembers({ db, random, project, log }: SeedContext): Promise<MembersSeed> {
  const now = Date.now();
  const appId = project.appIds[0]!;
  const { projectId } = project;
  const tagRows = [
    { id: uuidv7(), projectId, appId, name: 'Gesperrt', kind: 'blocked' as const },
    { id: uuidv7(), projectId, appId, name: 'Bestraft', kind: 'punished' as const },
    ...Array.from({ length: 18 }, (_, index) => ({
      id: uuidv7(),
      projectId,
      appId,
      name: `Kurs ${index + 1}`,
    })),
  ];
  await db.insert(tags).values(tagRows);
  const topicTags = tagRows.slice(2);
  const filterTagId = topicTags[0]!.id;

  await db.insert(profiles).values({
    id: uuidv7(),
    projectId,
    appId,
    accountId: project.ownerAccountId,
    type: 'admin',
    isOwner: true,
  });

  let tagged = 0;
  for (let start = 0; start < memberCount; start += batchSize) {
    const accountRows: (typeof accounts.$inferInsert)[] = [];
    const profileRows: (typeof profiles.$inferInsert)[] = [];
    const contactRows: (typeof contacts.$inferInsert)[] = [];
    const tagLinks: (typeof profileTags.$inferInsert)[] = [];
    for (let index = start; index < Math.min(start + batchSize, memberCount); index++) {
      const joined = new Date(now - random.int(0, 730) * dayMs - random.int(0, dayMs));
      const accountId = uuidv7({ msecs: joined.getTime(), random: randomBytes(random) });
      const profileId = uuidv7({ msecs: joined.getTime(), random: randomBytes(random) });
      const firstName = random.pick(firstNames);
      const lastName = random.pick(lastNames);
      const email = `${firstName}.${lastName}.${index}@mitglieder.example`.toLowerCase();
      accountRows.push({
        id: accountId,
        email,
        firstName,
        lastName,
        emailVerifiedAt: joined,
        createdAt: joined,
      });
      profileRows.push({
        id: profileId,
        projectId,
        appId,
        accountId,
        type: random.weighted(types),
        createdAt: joined,
        updatedAt: joined,
      });
      contactRows.push({ id: uuidv7(), projectId, accountId, email, source: 'signup', createdAt: joined });
      // Every tenth member carries the filter tag; a third carry one to three topic tags.
      const chosen = new Set<string>();
      if (index % 10 === 0) {
        chosen.add(filterTagId);
      }
      if (random.next() < 0.33) {
        for (let count = random.int(1, 3); count > 0; count--) {
          chosen.add(random.pick(topicTags).id);
        }
      }
      for (const tagId of chosen) {
        tagLinks.push({ projectId, appId, profileId, tagId });
      }
      tagged += chosen.size > 0 ? 1 : 0;
    }
    await db.insert(accounts).values(accountRows);
    await db.insert(profiles).values(profileRows);
    await db.insert(contacts).values(contactRows);
    if (tagLinks.length > 0) {
      await db.insert(profileTags).values(tagLinks);
    }
  }
  log(`members: ${memberCount} profiles in one app, ${tagged} tagged`);
  return {
    appId,
    ownerAccountId: project.ownerAccountId,
    memberCount,
    tagCount: tagRows.length,
    taggedProfiles: tagged,
    filterTagId,
  };
}
