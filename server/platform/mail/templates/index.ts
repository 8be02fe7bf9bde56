import type { Language } from '../../../../contracts/language.ts';
import { contactChangeCodeMail, type ContactChangeCodeParams } from './contact-change-code.ts';
import {
  eventConfirmationMail,
  eventReminderMail,
  type EventConfirmationParams,
  type EventReminderParams,
} from './event-attendance.ts';
import { invitationMail, type InvitationParams } from './invitation.ts';
import { notificationDigestMail, type NotificationDigestParams } from './notification-digest.ts';
import { notificationMail, type NotificationMailParams } from './notification.ts';
import type { MailTemplate, RenderedMail } from './layout.ts';
import { profileDeletionCodeMail, type ProfileDeletionCodeParams } from './profile-deletion-code.ts';
import { resetPasswordMail, type ResetPasswordParams } from './reset-password.ts';
import { signinCodeMail, type SigninCodeParams } from './signin-code.ts';
import { signupCodeMail, type SignupCodeParams } from './signup-code.ts';
import { teamInvitationMail, type TeamInvitationParams } from './team-invitation.ts';
import { ticketWarningMail, type TicketWarningParams } from './ticket-warning.ts';

export type {
  ContactChangeCodeParams,
  EventConfirmationParams,
  EventReminderParams,
  InvitationParams,
  NotificationDigestParams,
  NotificationMailParams,
  ProfileDeletionCodeParams,
  ResetPasswordParams,
  SigninCodeParams,
  SignupCodeParams,
  TeamInvitationParams,
  TicketWarningParams,
};
export type { MailTemplate, RenderedMail } from './layout.ts';
export { escapeHtml } from './layout.ts';

/** The parameters of every template, by name; `mailer.send` is type-checked against this map. */
export type MailTemplateParams = {
  'signin-code': SigninCodeParams;
  'signup-code': SignupCodeParams;
  invitation: InvitationParams;
  'reset-password': ResetPasswordParams;
  'contact-change-code': ContactChangeCodeParams;
  'profile-deletion-code': ProfileDeletionCodeParams;
  'team-invitation': TeamInvitationParams;
  notification: NotificationMailParams;
  'notification-digest': NotificationDigestParams;
  'ticket-warning': TicketWarningParams;
  'event-confirmation': EventConfirmationParams;
  'event-reminder': EventReminderParams;
};
export type MailTemplateName = keyof MailTemplateParams;

/** Every mail the product sends, explicitly listed. The name is stored with each outbox row. */
export const mailTemplates: { [Name in MailTemplateName]: MailTemplate<MailTemplateParams[Name]> } = {
  'signin-code': signinCodeMail,
  'signup-code': signupCodeMail,
  invitation: invitationMail,
  'reset-password': resetPasswordMail,
  'contact-change-code': contactChangeCodeMail,
  'profile-deletion-code': profileDeletionCodeMail,
  'team-invitation': teamInvitationMail,
  notification: notificationMail,
  'notification-digest': notificationDigestMail,
  'ticket-warning': ticketWarningMail,
  'event-confirmation': eventConfirmationMail,
  'event-reminder': eventReminderMail,
};

export function renderMailTemplate<Name extends MailTemplateName>(
  name: Name,
  params: MailTemplateParams[Name],
  language: Language,
): RenderedMail {
  const template: MailTemplate<MailTemplateParams[Name]> = mailTemplates[name];
  return template(params, language);
}
