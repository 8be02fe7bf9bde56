import { defineArea } from '../lib/types.ts';

/** Endpoints without data of their own: the floor every other scenario is compared with. */
export const systemArea = defineArea({
  name: 'system',
  seed: async () => undefined,
  scenarios: () => [{ name: 'GET /api/health', method: 'GET', path: '/api/health', budget: null }],
});
