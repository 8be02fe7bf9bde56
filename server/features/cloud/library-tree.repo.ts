import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/*
 * The folder tree's recursive queries: ancestors (paths, move checks), the live subtree (the move dialog) and
 * descendants (deleting, restoring and removing a folder with its content).
 */

/** Rows of a raw query (both drivers answer `{ rows }`). */
export async function rawRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

// A folder tree is never deeper than this; the bound keeps a damaged parent chain from looping forever.
const maxDepth = 1000;

/**
 * The folders above each item, nearest first (the root last). One recursive query for a whole batch: moves
 * check that a target does not lie inside a moved folder, deletes and restores find items nested in others.
 */
export async function ancestorsOf(
  db: DbOrTx,
  items: { folderIds: readonly string[]; fileIds: readonly string[] },
): Promise<Map<string, string[]>> {
  const seeds: SQL[] = [];
  if (items.folderIds.length > 0) {
    seeds.push(sql`select id, parent_id, 1 from cloud_folders where id in (${idList(items.folderIds)})`);
  }
  if (items.fileIds.length > 0) {
    seeds.push(sql`select id, folder_id, 1 from cloud_files where id in (${idList(items.fileIds)})`);
  }
  const result = new Map<string, string[]>();
  if (seeds.length === 0) {
    return result;
  }
  const rows = await rawRows<{ item_id: string; folder_id: string }>(
    db,
    sql`with recursive up(item_id, folder_id, depth) as (
      select * from (${sql.join(seeds, sql` union all `)}) as seed
      union all
      select up.item_id, f.parent_id, up.depth + 1
      from up join cloud_folders f on f.id = up.folder_id
      where f.parent_id is not null and up.depth < ${maxDepth}
    )
    select item_id, folder_id from up where folder_id is not null order by item_id, depth`,
  );
  for (const row of rows) {
    const chain = result.get(row.item_id) ?? [];
    chain.push(row.folder_id);
    result.set(row.item_id, chain);
  }
  return result;
}

export type FolderStep = { id: string; name: string; parentId: string | null };

/** The folder and its ancestors, from the root down. */
export async function folderPath(db: DbOrTx, folderId: string): Promise<FolderStep[]> {
  const rows = await rawRows<{ id: string; name: string; parent_id: string | null }>(
    db,
    sql`with recursive up(id, parent_id, name, depth) as (
      select id, parent_id, name, 0 from cloud_folders where id = ${folderId}
      union all
      select p.id, p.parent_id, p.name, up.depth + 1
      from cloud_folders p join up on p.id = up.parent_id
      where up.depth < ${maxDepth}
    )
    select id, parent_id, name from up order by depth desc`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, parentId: row.parent_id }));
}

/** The live folders below a root, each with its parent, siblings by name. */
export async function liveSubtree(db: DbOrTx, rootId: string): Promise<FolderStep[]> {
  const rows = await rawRows<{ id: string; name: string; parent_id: string | null }>(
    db,
    sql`with recursive down(id, parent_id, name, name_search, depth) as (
      select id, parent_id, name, name_search, 0 from cloud_folders where id = ${rootId}
      union all
      select f.id, f.parent_id, f.name, f.name_search, down.depth + 1
      from cloud_folders f join down on f.parent_id = down.id
      where f.deleted_at is null and down.depth < ${maxDepth}
    )
    select id, parent_id, name from down order by name_search, id`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, parentId: row.parent_id }));
}

/** The folders below the given ones, any depth, deleted or not (as a subquery: the set can be large). */
export function descendantFolderIds(folderIds: readonly string[]): SQL {
  return sql`(with recursive down(id, depth) as (
      select id, 1 from cloud_folders where parent_id in (${idList(folderIds)})
      union all
      select f.id, down.depth + 1 from cloud_folders f join down on f.parent_id = down.id
      where down.depth < ${maxDepth}
    ) select id from down)`;
}
