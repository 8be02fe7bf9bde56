// Which feature owns each table of server/db/schema, and which other features read or write it directly
// (checked by server/lint/tables.js on every import of a table in server/features). A feature that needs
// another feature's data asks that feature's public module; a grant below is a conscious exception with its
// reason. A new table gets its owner here in the change that creates it (lint refuses an unknown table).
//
// `owner`: the feature whose repositories and services the table belongs to.
// `grants`: other features allowed to name the table, with why.
const workspaceCore =
  'the workspace engine (access.ts, members, profiles) joins these in its permission queries';

export const tableOwners = {
  // identity
  accounts: {
    owner: 'auth',
    grants: {
      contacts: 'names',
      members: 'names',
      projects: 'owner names',
      team: 'names',
      community: 'names of post and comment authors, joined in the feed and comment queries (hot path)',
      moderation: 'names of reporters and deciding moderators in the moderation inbox',
      notifications:
        'actor names and the recipient’s address and language, joined in the list and mail queries',
      chat: 'names of chat members and message authors, joined in the chat list and message queries (hot path)',
      articles: 'names of article authors, joined in the article list queries',
      events:
        'names of hosts and attendees, joined in the event and attendee queries; mail addresses of attendees',
      courses: 'names of course speakers, joined in the course queries',
    },
  },
  sessions: { owner: 'auth', grants: { contacts: 'last seen', profile: 'push sign-out' } },
  refreshTokens: { owner: 'auth' },
  authCodes: { owner: 'auth' },
  stashCodes: { owner: 'auth' },
  // workspace
  projects: {
    owner: 'projects',
    grants: {
      workspace: workspaceCore,
      apps: 'the app list of a project',
      cloud: 'the storage quota, read when an upload finishes',
      contacts: 'the contact list of a project',
      'invitation-links': 'the link page shows the project',
      team: 'team settings',
    },
  },
  apps: {
    owner: 'apps',
    grants: {
      workspace: workspaceCore,
      cloud: 'blob access: one prepared query decides a download (blob-access.ts)',
      contacts: 'contact app lists',
      'custom-fields': 'fields belong to an app',
      'invitation-links': 'the link page shows the app',
      invitations: 'the invitation page shows the app',
      members: 'member lists per app',
      profile: 'the app of a profile',
      projects: 'the apps of a project on the dashboard',
      courses: "the app names of the service host's courses dashboard",
    },
  },
  profiles: {
    owner: 'members',
    grants: {
      workspace: workspaceCore,
      cloud: 'blob access: one prepared query decides a download (blob-access.ts)',
      contacts: 'profiles of a contact',
      'custom-fields': 'values stored on the profile',
      invitations: 'accepting an invitation creates the profile',
      profile: 'the own profile',
      tags: 'tag counts',
      community: 'authors of posts and comments and space members, joined in the feed queries (hot path)',
      moderation: 'reporters and moderators in the inbox, and the staff told that the inbox changed',
      notifications: 'actors, recipients’ settings (mail, push, digest) and the unsubscribe switch',
      chat: 'members and authors of chats (names, photos, live profiles of the app), joined in the chat queries',
      articles: 'authors of articles (photo), joined in the article list queries',
      events:
        'hosts, authors and attendees of events (names, photos, live profiles of the app), joined in the event queries',
      courses: 'speakers of courses (names, photos, live profiles of the app), joined in the course queries',
    },
  },
  pushTokens: { owner: 'profile' },
  appInvitations: { owner: 'invitations' },
  // members
  teamMembers: {
    owner: 'team',
    grants: {
      workspace: workspaceCore,
      apps: 'team rights on apps',
      cloud: 'blob access: one prepared query decides a download (blob-access.ts)',
      contacts: 'team members among contacts',
      projects: 'the projects a team member works in',
    },
  },
  tags: {
    owner: 'tags',
    grants: {
      workspace: workspaceCore,
      apps: 'default tags of a new app',
      cloud: 'blob access: one prepared query decides a download (blob-access.ts)',
      members: 'member filters by tag',
    },
  },
  profileTags: {
    owner: 'tags',
    grants: {
      workspace: workspaceCore,
      cloud: 'blob access: one prepared query decides a download (blob-access.ts)',
      members: 'member filters by tag',
    },
  },
  customFields: { owner: 'custom-fields' },
  invitationLinks: { owner: 'invitation-links' },
  contacts: {
    owner: 'contacts',
    grants: {
      'invitation-links': 'joining by link records the contact',
      members: 'imports and invitations record contacts',
      projects: 'a new project records its owner as contact',
    },
  },
  profileFollows: { owner: 'members' },
  memberImports: { owner: 'members' },
  // platform
  platformSecrets: {
    owner: 'platform',
    grants: { notifications: 'the VAPID key pair, one per deployment, like the JWT secret' },
  },
  tasks: { owner: 'tasks', grants: { members: 'an import runs as a task' } },
  mailOutbox: {
    owner: 'platform',
    grants: { notifications: 'the daily cap of notification mails per address' },
  },
  platformInstances: { owner: 'platform' },
  // cloud
  cloudFolders: { owner: 'cloud' },
  cloudFiles: {
    owner: 'cloud',
    grants: { community: 'covers and media of posts and spaces, joined in the feed queries (hot path)' },
  },
  cloudFavorites: { owner: 'cloud' },
  cloudUploads: { owner: 'cloud' },
  cloudSavedSearches: { owner: 'cloud' },
  cloudLibraryVersions: { owner: 'cloud' },
  uploadParts: { owner: 'cloud' },
  // community (issue 15)
  communityGroups: { owner: 'community' },
  communityGroupModerators: { owner: 'community' },
  communitySpaces: {
    owner: 'community',
    grants: { notifications: 'the space slug of a notified post’s address' },
  },
  communitySpaceMembers: { owner: 'community' },
  communitySpaceReads: { owner: 'community' },
  communityCategories: { owner: 'community' },
  communityLinks: { owner: 'community' },
  communityPosts: {
    owner: 'community',
    grants: { notifications: 'the title and address of the post an item opens (list, mails, push)' },
  },
  communityPostFollows: { owner: 'community' },
  communityPostLikes: { owner: 'community' },
  comments: { owner: 'community' },
  commentLikes: { owner: 'community' },
  mentions: { owner: 'community' },
  votes: { owner: 'community' },
  voteOptions: { owner: 'community' },
  voteAnswers: { owner: 'community' },
  // moderation (issue 16)
  moderationSettings: { owner: 'moderation' },
  moderationItems: { owner: 'moderation' },
  moderationReports: { owner: 'moderation' },
  // notifications (issue 16); the community records its items through notifications/public.ts
  notifications: { owner: 'notifications' },
  notificationCounters: { owner: 'notifications' },
  pushSubscriptions: { owner: 'notifications' },
  onboardingSettings: { owner: 'notifications' },
  onboardingProgress: { owner: 'notifications' },
  // chat (issue 17)
  chats: { owner: 'chat' },
  chatMembers: { owner: 'chat' },
  chatMessages: {
    owner: 'chat',
    grants: { community: 'a poll a chat message carries is not attached to a post too (votes.repo.ts)' },
  },
  chatBlocks: { owner: 'chat' },
  chatAttachments: { owner: 'chat' },
  // help desk and articles (issue 20)
  helpdeskCategories: { owner: 'helpdesk' },
  helpdeskArticles: { owner: 'helpdesk' },
  helpdeskArticleVotes: { owner: 'helpdesk' },
  articleCategories: { owner: 'articles' },
  articles: { owner: 'articles' },
  articleReactions: { owner: 'articles' },
  articleFavorites: { owner: 'articles' },
  // support tickets (issue 20)
  tickets: { owner: 'tickets' },
  ticketStatusChanges: { owner: 'tickets' },
  ticketSettings: { owner: 'tickets' },
  // events (issue 18)
  eventCategories: { owner: 'events' },
  events: { owner: 'events' },
  eventOverrides: { owner: 'events' },
  eventHosts: { owner: 'events' },
  eventAttachments: { owner: 'events' },
  eventOccurrenceSeats: { owner: 'events' },
  eventAttendees: { owner: 'events' },
  eventRemindersSent: { owner: 'events' },
  eventFeedTokens: { owner: 'events' },
  eventAppVersions: { owner: 'events' },
  // courses (issue 19)
  courseCategories: { owner: 'courses' },
  courses: { owner: 'courses' },
  courseCategoryCourses: { owner: 'courses' },
  courseSpeakers: { owner: 'courses' },
  courseModules: { owner: 'courses' },
  courseLessons: { owner: 'courses' },
  courseEnrollments: { owner: 'courses' },
  lessonProgress: { owner: 'courses' },
  lessonNotes: { owner: 'courses' },
  lessonTodoTicks: { owner: 'courses' },
  courseFavorites: { owner: 'courses' },
  playlists: { owner: 'courses' },
  playlistLessons: { owner: 'courses' },
  courseFeedTokens: { owner: 'courses' },
  // gamification (issue 21)
  gamificationRules: { owner: 'gamification' },
  gamificationLedger: { owner: 'gamification' },
  gamificationBalances: { owner: 'gamification' },
  gamificationPeriodPoints: { owner: 'gamification' },
  gamificationRanks: { owner: 'gamification' },
  gamificationBoardStamps: { owner: 'gamification' },
  gamificationStatuses: { owner: 'gamification' },
  rewardItems: { owner: 'gamification' },
  rewardOrders: { owner: 'gamification' },
};
