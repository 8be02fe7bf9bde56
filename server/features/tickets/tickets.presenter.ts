import type { Ticket, TicketAbility, TicketContact } from '../../../contracts/tickets.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import { ticketClocks, type StatusChange } from './tickets.clocks.ts';
import type { TicketView, contactOf } from './tickets.repo.ts';

/** What a reader sees of a ticket: the row, its clocks now, and the reader's own standing. */
export function presentTicket(
  sign: UrlSign,
  view: TicketView,
  changes: readonly StatusChange[],
  reader: { can: readonly TicketAbility[]; isInChat: boolean },
  now: Date,
): Ticket {
  const satisfaction =
    view.satisfactionRating === null
      ? null
      : { rating: view.satisfactionRating, comment: view.satisfactionComment };
  return {
    id: view.id,
    number: view.number,
    appId: view.appId,
    appName: view.appName,
    appSlug: view.appSlug,
    projectId: view.projectId,
    subject: view.subject,
    status: view.status,
    chatId: view.chatId,
    requester: {
      profileId: view.requesterProfileId,
      name: `${view.requesterFirstName} ${view.requesterLastName}`.trim(),
      avatarUrl: pictureUrl(sign, view.requesterAvatarId, 'tile'),
    },
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
    statusChangedAt: view.statusChangedAt.toISOString(),
    firstResponseAt: view.firstResponseAt?.toISOString() ?? null,
    completedAt: view.completedAt?.toISOString() ?? null,
    clocks: ticketClocks(
      {
        createdAt: view.createdAt,
        firstResponseAt: view.firstResponseAt,
        changes,
        targets: view.targets,
      },
      now,
    ),
    satisfaction,
    isSatisfactionAsked: view.status === 'completed' && view.isSatisfactionEnabled && satisfaction === null,
    isInChat: reader.isInChat,
    permissions: { can: [...reader.can] },
  };
}

export function presentContact(
  sign: UrlSign,
  contact: NonNullable<Awaited<ReturnType<typeof contactOf>>>,
): TicketContact {
  return {
    profileId: contact.profileId,
    name: `${contact.firstName} ${contact.lastName}`.trim(),
    email: contact.email,
    avatarUrl: pictureUrl(sign, contact.avatarId, 'tile'),
    memberSince: contact.createdAt.toISOString(),
    openTickets: contact.openTickets,
    totalTickets: contact.totalTickets,
  };
}
