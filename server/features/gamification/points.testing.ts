import { sql } from 'drizzle-orm';
import { communityApp, communityCaller } from '../../test/community-spaces.ts';
import type { TestServer } from '../../test/test-server.ts';

/*
 * The tenant of the rules', levels', points' and top-ups' tests: a community app (owner, two members, a
 * moderator, an invited person, a stranger of another project) whose rewards service can be switched.
 */
export async function gamificationApp(server: TestServer) {
  const tenant = await communityApp(server);
  const rewards = async (on: boolean) => {
    await tenant.db.execute(sql`update apps
      set options = jsonb_set(options, '{services}', coalesce(options -> 'services', '{}'::jsonb)
        || jsonb_build_object('rewards', ${on}::boolean))
      where id = ${tenant.app.id}`);
  };
  await rewards(true);
  return { ...tenant, rewards, call: communityCaller(() => server) };
}

export type GamificationApp = Awaited<ReturnType<typeof gamificationApp>>;
