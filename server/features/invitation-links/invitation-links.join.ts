import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, projects } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { ensureContact, type ContactSource } from '../contacts/public.ts';
import { findLiveProfileId, setProfileType } from '../invitations/public.ts';
import { assertWithinQuota } from '../projects/public.ts';
import { addProfileTags, findOwnTagIds } from '../tags/public.ts';
import { insertProfile } from '../workspace/public.ts';
import { claimLinkUse, type InvitationLinkRow } from './invitation-links.repo.ts';

/**
 * Records that the project knows the person who joined. A new contact counts against the tariff's contacts
 * limit (409 QUOTA_EXCEEDED); the project row is locked first, so parallel joins cannot both take the last seat.
 */
export async function recordJoinContact(
  tx: Tx,
  values: { projectId: string; email: string; accountId: string; source: ContactSource },
): Promise<void> {
  const email = values.email.toLowerCase();
  const [known] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.projectId, values.projectId), eq(contacts.email, email)));
  if (!known) {
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, values.projectId))
      .for('update');
    await assertWithinQuota(tx, values.projectId, 'contacts', 1);
  }
  await ensureContact(tx, { ...values, email });
}

/**
 * Lets an account in through an invite link, inside the caller's transaction. A live member (not merely
 * invited) only signs in: nothing changes and no use is counted. Everyone else uses the link once (refused
 * with the unknown token's 404 when it closed meanwhile) and gets a profile of the link's member type with
 * its tags; an `invited` profile is upgraded instead.
 */
export async function joinThroughLink(
  tx: Tx,
  link: InvitationLinkRow,
  account: { id: string; email: string },
): Promise<void> {
  const existing = await findLiveProfileId(tx, link.appId, account.id);
  if (existing && existing.type !== 'invited') {
    return;
  }
  if (!(await claimLinkUse(tx, link.id))) {
    throw notFound();
  }
  await recordJoinContact(tx, {
    projectId: link.projectId,
    email: account.email,
    accountId: account.id,
    source: 'invite_link',
  });
  let profileId: string;
  if (existing) {
    await setProfileType(tx, link.appId, existing.id, link.memberType);
    profileId = existing.id;
  } else {
    const profile = await insertProfile(tx, {
      id: newId(),
      projectId: link.projectId,
      appId: link.appId,
      accountId: account.id,
      type: link.memberType,
    });
    profileId = profile.id;
  }
  // Tags deleted since the link was saved are skipped; default tags are never given through a link.
  const tagIds = await findOwnTagIds(tx, link.appId, link.tagIds);
  await addProfileTags(tx, { id: profileId, projectId: link.projectId, appId: link.appId }, tagIds);
}
