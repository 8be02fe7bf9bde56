import type { CloudAbility, CloudAccess } from './cloud.access.ts';

/*
 * The cloud's rules as pure predicates over loaded data (spec §6 "Cloud", issue 12):
 * - a person changes only their own library: every ability of their access on their own items;
 * - the project's file managers (service host) may read anyone's file of the project and mark it as a
 *   favourite (their favourites list), never change it;
 * - an app member may do the same with a file a chat of theirs shares with them (attached to a message they
 *   see, `sharedInChat`);
 * - anyone else's item is invisible (the scopes answer 404).
 */

const readingOthers: readonly CloudAbility[] = ['view', 'favorite'];

export function fileAbilities(
  access: CloudAccess,
  file: { ownerAccountId: string },
  sharedInChat = false,
): CloudAbility[] {
  if (file.ownerAccountId === access.accountId) {
    return [...access.can];
  }
  return access.canSeeOthers || sharedInChat
    ? access.can.filter((ability) => readingOthers.includes(ability))
    : [];
}

/** A folder: the owner's abilities on their own; on someone else's nothing (services refuse with their reason). */
export function folderAbilities(access: CloudAccess, mine: boolean): CloudAbility[] {
  return mine ? [...access.can] : access.can.filter((ability) => ability === 'create_folder');
}

export const prefixedCloud = (abilities: readonly CloudAbility[]) =>
  abilities.map((ability) => `cloud:${ability}`);

/** Whether a new folder may go inside this folder: only inside one's own live tree. */
export const mayCreateFolderIn = (folder: { deletedAt: Date | null }, mine: boolean) =>
  mine && folder.deletedAt === null;
