import { taskListQuerySchema, taskListSchema } from '../../../contracts/tasks.ts';
import { defineRoute } from '../../platform/routes.ts';
import { presentTask } from './tasks.presenter.ts';
import type { TaskService } from './tasks.service.ts';

export function taskRoutes(deps: { tasks: TaskService }) {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/tasks',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Poll background tasks the caller started',
      tags: ['tasks'],
      schema: { querystring: taskListQuerySchema, response: { 200: taskListSchema } },
      handler: async (request) => {
        const rows = await deps.tasks.listForActor(request.actor, request.query.taskIds);
        return { data: rows.map(presentTask) };
      },
    }),
  ];
}
