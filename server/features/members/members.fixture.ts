import { memberImports, tasks } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/** A finished CSV import whose file and error report hold an address no other tenant may see. */
export const tenantFixture: TenantFixturePart = async ({ db, project, app, owner }) => {
  const [task] = await db
    .insert(tasks)
    .values({ id: newId(), projectId: project.id, appId: app.id, createdBy: owner.id, type: 'import' })
    .returning();
  const csvSecret = `geheim.${newId()}@beispiel.de`;
  await db.insert(memberImports).values({
    id: newId(),
    projectId: project.id,
    appId: app.id,
    taskId: task!.id,
    createdByAccountId: owner.id,
    csv: `email\n${csvSecret}\n`,
    errorReport: `line,email,field,error\n2,${csvSecret},email,validation.email\n`,
  });
  return { ids: {}, secrets: [csvSecret] };
};
