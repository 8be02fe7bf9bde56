import type { TenantFixturePart } from '../../test/route-table.ts';
import { createInvitation } from '../../test/workspace.ts';

/** The invited person's pending invitation: its token opens it, so no other tenant may ever see it. */
export const tenantFixture: TenantFixturePart = async ({ server, app, invited }) => {
  const { token } = await createInvitation(server, app, invited.email);
  return { ids: {}, secrets: [token] };
};
