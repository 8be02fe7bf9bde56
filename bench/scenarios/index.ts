import type { RegisteredArea } from '../lib/types.ts';
import { chatArea } from './chat.ts';
import { cloudArea } from './cloud.ts';
import { communityArea } from './community.ts';
import { coursesArea } from './courses.ts';
import { eventsArea } from './events.ts';
import { gamificationArea } from './gamification.ts';
import { helpdeskArea } from './helpdesk.ts';
import { identityArea } from './identity.ts';
import { membersArea } from './members.ts';
import { systemArea } from './system.ts';
import { tasksArea } from './tasks.ts';

/**
 * Every bench area, in run order. Add an area here explicitly (no directory scanning): its seed lives in
 * `bench/seed/<area>.ts`, its scenarios in `bench/scenarios/<area>.ts`.
 */
export const benchAreas: RegisteredArea[] = [
  systemArea,
  identityArea,
  tasksArea,
  membersArea,
  cloudArea,
  communityArea,
  chatArea,
  helpdeskArea,
  eventsArea,
  coursesArea,
  gamificationArea,
];
