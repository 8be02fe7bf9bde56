import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apps, customFields, profiles } from '../../db/schema/index.ts';

export type CustomFieldRow = typeof customFields.$inferSelect;
export type CustomFieldChanges = Partial<
  Pick<CustomFieldRow, 'type' | 'label' | 'options' | 'validationRules'>
>;

/** An app's fields in form order. */
export async function listFields(db: DbOrTx, appId: string): Promise<CustomFieldRow[]> {
  return db
    .select()
    .from(customFields)
    .where(eq(customFields.appId, appId))
    .orderBy(asc(customFields.position), asc(customFields.id));
}

export async function findFieldById(db: DbOrTx, id: string): Promise<CustomFieldRow | undefined> {
  const [row] = await db.select().from(customFields).where(eq(customFields.id, id));
  return row;
}

/**
 * Locks the app row for the rest of the transaction: adding and reordering fields read the app's fields
 * and then write, so they take turns per app (the 50-field limit and positions stay consistent).
 */
export async function lockAppFields(db: DbOrTx, appId: string): Promise<void> {
  await db.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).for('update');
}

export async function insertField(
  db: DbOrTx,
  values: typeof customFields.$inferInsert,
): Promise<CustomFieldRow> {
  const [row] = await db.insert(customFields).values(values).returning();
  return row!;
}

export async function updateField(
  db: DbOrTx,
  appId: string,
  id: string,
  changes: CustomFieldChanges,
): Promise<CustomFieldRow | undefined> {
  const [row] = await db
    .update(customFields)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(customFields.appId, appId), eq(customFields.id, id)))
    .returning();
  return row;
}

export async function setFieldPosition(
  db: DbOrTx,
  appId: string,
  id: string,
  position: number,
): Promise<void> {
  await db
    .update(customFields)
    .set({ position, updatedAt: sql`now()` })
    .where(and(eq(customFields.appId, appId), eq(customFields.id, id)));
}

export async function deleteField(db: DbOrTx, appId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(customFields)
    .where(and(eq(customFields.appId, appId), eq(customFields.id, id)))
    .returning({ id: customFields.id });
  return rows.length === 1;
}

/** Removes one field's values from every profile of the app (the field was deleted or changed its type). */
export async function removeFieldValues(db: DbOrTx, appId: string, fieldId: string): Promise<void> {
  await db
    .update(profiles)
    .set({ customFields: sql`${profiles.customFields} - ${fieldId}::text` })
    .where(and(eq(profiles.appId, appId), sql`(${profiles.customFields} -> ${fieldId}::text) is not null`));
}
