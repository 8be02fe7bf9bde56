/**
 * Ability names (spec §6, GAPS 24): snake_case names per subject, delivered to the client in
 * `permissions.can` and written `subject:name` in route declarations (e.g. 'project:view_files').
 * The server is authoritative; the client only hides what an ability check would refuse.
 *
 * Names marked "added" are not in spec §6 but are needed to guard actions that spec §4 and §7 describe
 * (editing and deleting posts and events, chat editing, the cloud actions).
 */

// Course, module and lesson share one list (spec §6 "Course, module, lesson").
const courseAbilities = [
  'view',
  'update',
  'delete',
  'favorite',
  'create_module',
  'create_season',
  'create_lesson',
  'complete',
  'todo',
  'comment',
] as const;

export const abilitiesBySubject = {
  app: [
    'create_space',
    'create_group',
    'create_event',
    'create_course',
    'create_category',
    'create_link',
    'create_tag',
    'create_page',
    'create_invitation',
    'create_announcement',
    'create_daily',
    'create_article',
    'create_communities_category',
    'create_gamification_rule',
    'view_profiles',
    'view_events',
    'view_chats',
    'view_links',
    'view_invitations',
    'view_posts',
    'registration',
    'import_profiles',
    'moderation',
    'settings_switcher',
    'settings_members',
    'settings_moderation',
    'settings_app',
    'settings_theme',
    'settings_access_plan',
    'sort_groups',
    'masquerade',
    'onboarding',
    'create_private_chat',
    'create_group_chat',
    'create_public_group_chat',
    'view',
    'edit',
    'cloud',
    // added (issue 20): members open support tickets; the app's team works them (docs/decisions/tickets.md).
    'create_ticket',
    'tickets',
    // added (issue 21): members see their points, level and history (`rewards`, kept while punished) and spend
    // them in the rewards shop (`spend_points`); docs/decisions/gamification.md.
    'rewards',
    'spend_points',
  ],
  space: [
    'create_post',
    'create_scheduled_post',
    'create_voice_post',
    'create_profile',
    'delete_profile',
    'join',
    'leave',
    'export_profiles',
    'bulk_invite',
    'bell',
    'show_settings',
    'view',
    'edit',
    'delete',
    // The members screen guard of web-routes.tsv (ROUTE-71: view_profiles on space members).
    'view_profiles',
  ],
  post: [
    'comment',
    'report',
    'like',
    'pin_to_top',
    'edit_publish_time',
    'follow',
    'share',
    'send_to_chat',
    'view_attendees',
    // added: the post actions of spec §4 (edit, delete, publish, pin to sidebar, move, clone)
    'view',
    'edit',
    'delete',
    'publish',
    'pin_to_sidebar',
    'move',
    'clone',
  ],
  event: [
    'join',
    'leave',
    'export_attendees',
    'comment',
    // added: event detail, edit and delete screens
    'view',
    'edit',
    'delete',
  ],
  course: courseAbilities,
  module: courseAbilities,
  lesson: courseAbilities,
  chat: [
    'messages',
    'voice_messages',
    'add_profile',
    'block',
    'unblock',
    'join',
    'leave',
    'clear',
    'delete',
    // added: the chat edit screen (web-routes.tsv)
    'view',
    'edit',
    // added: moderators take members out; "seen by" where the app shows read markers (issue 17)
    'delete_profile',
    'read_marks',
  ],
  project: ['view', 'edit', 'create_plan', 'team', 'apps', 'view_files', 'payment_provider', 'view_apps'],
  // added: spec §6 gives only the entry check (project view_files / app cloud); these guard the cloud actions.
  cloud: ['view', 'upload', 'create_folder', 'rename', 'move', 'delete', 'favorite'],
  // added: the services of an app (GAPS 24 level 2): seeing a switched-on service, editing its settings.
  service: ['view', 'edit'],
  // added: an app profile (spec §7 "Profile" and "Projects, members"); `view` is needed to see it at all.
  // edit/delete: the member's own form and deletion, or the admin form; the rest are admin and member actions.
  profile: [
    'view',
    'edit',
    'delete',
    'follow',
    'resend_invitation',
    'moderate',
    'masquerade',
    'view_general',
  ],
  // added: the item abilities of the workspace's own entities.
  tag: ['edit', 'delete'],
  custom_field: ['edit', 'delete', 'move'],
  invitation: ['edit', 'delete'],
  team_member: ['edit', 'delete'],
  contact: ['view', 'delete'],
  // added: the community's containers and items (issue 15) beside spec §6's space and post.
  group: ['view', 'edit', 'delete', 'create_space', 'leave', 'view_profiles', 'delete_profile'],
  category: ['view', 'edit', 'delete', 'move', 'create_post', 'create_scheduled_post'],
  // report: issue 16's moderation (members report what others wrote).
  comment: ['view', 'edit', 'delete', 'like', 'reply', 'report'],
  link: ['edit', 'delete'],
  // create: polls are made before the post (or chat message) that carries them.
  vote: ['view', 'answer', 'create'],
  // added: a member's own notification list (issue 16): reading it and marking items read.
  notification: ['view', 'read'],
  // added: one chat message (issue 17): its author edits it; the author, the chat's moderators and the app's
  // admins delete it.
  // answer: the poll a message carries (group chats), by the chat's members who may write.
  chat_message: ['edit', 'delete', 'answer'],
  // added: the help desk (issue 20): reading it, answering "Was this helpful?", editing categories and articles.
  helpdesk: ['view', 'vote', 'edit'],
  // added: the articles (issue 20): reading one, the editors' changes, a member's reaction and favourite.
  article: ['view', 'edit', 'delete', 'react', 'favorite'],
  article_category: ['view', 'edit', 'delete', 'move'],
  // added: one support ticket (issue 20): read it, the team enters its chat and changes its status, the
  // requester answers the satisfaction question.
  ticket: ['view', 'join', 'status', 'rate'],
} as const;

export type AbilitySubject = keyof typeof abilitiesBySubject;
export const abilitySubjects = Object.keys(abilitiesBySubject) as AbilitySubject[];

/** The ability names of one subject, e.g. `AbilityName<'project'>` = 'view' | 'edit' | … */
export type AbilityName<S extends AbilitySubject = AbilitySubject> = (typeof abilitiesBySubject)[S][number];

/** 'subject:name', e.g. 'app:create_space'. */
export type SubjectAbility = { [S in AbilitySubject]: `${S}:${AbilityName<S>}` }[AbilitySubject];

/**
 * Route-level abilities that need no loaded resource: 'public' = anyone, 'authenticated' = any signed-in
 * account. Everything else is a subject ability checked by the feature's policy.
 */
export const routeLevelAbilities = ['public', 'authenticated'] as const;
export type RouteLevelAbility = (typeof routeLevelAbilities)[number];

export type Ability = RouteLevelAbility | SubjectAbility;

/** Every ability, for snapshot tests and for validating declarations. */
export const abilityValues: readonly Ability[] = [
  ...routeLevelAbilities,
  ...abilitySubjects.flatMap((subject) =>
    abilitiesBySubject[subject].map((name) => `${subject}:${name}` as SubjectAbility),
  ),
];

export function isAbility(value: unknown): value is Ability {
  return typeof value === 'string' && (abilityValues as readonly string[]).includes(value);
}
