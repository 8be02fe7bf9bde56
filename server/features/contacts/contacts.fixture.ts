import { eq } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';
import { ensureContact } from './contacts.repo.ts';

export const tenantFixture: TenantFixturePart = async ({ db, project, owner, member, invited }) => {
  for (const person of [owner, member, invited]) {
    await ensureContact(db, {
      projectId: project.id,
      email: person.email,
      accountId: person.id,
      source: 'signup',
    });
  }
  const [contact] = await db.select().from(contacts).where(eq(contacts.email, member.email.toLowerCase()));
  return { ids: { contactId: contact!.id }, secrets: [] };
};
