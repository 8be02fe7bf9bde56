import { defineArea } from '../lib/types.ts';
import { seedTasks } from '../seed/tasks.ts';

/** Task polling: the client asks for the tasks it is watching every few seconds while any runs. */
export const tasksArea = defineArea({
  name: 'tasks',
  seed: seedTasks,
  summary: (data) => ({
    accounts: data.accountCount,
    tasks: data.taskCount,
    polledIds: data.pollTaskIds.length,
  }),
  scenarios: async (data, context) => [
    {
      name: `GET /api/tasks (${data.pollTaskIds.length} ids)`,
      method: 'GET',
      path: `/api/tasks?taskIds=${data.pollTaskIds.join(',')}`,
      headers: { authorization: await context.authorization(data.pollAccountId) },
      check: (body) => {
        const count = (body as { data?: unknown[] }).data?.length;
        return count === data.pollTaskIds.length
          ? null
          : `expected ${data.pollTaskIds.length} tasks, got ${String(count)}`;
      },
      budget: null,
    },
  ],
});
