import type { Tag } from './tags-api';
import { TagBadge } from './tag-badge';
import classes from './app-members.module.css';

/** The tags a link gives, by name; ids without a known tag (deleted meanwhile) are left out. */
export function LinkTags({
  tagIds,
  tags,
}: {
  tagIds: readonly string[];
  tags: ReadonlyMap<string, Tag> | undefined;
}) {
  const known = tagIds.flatMap((id) => {
    const tag = tags?.get(id);
    return tag ? [tag] : [];
  });
  if (known.length === 0) {
    return null;
  }
  return (
    <div className={classes.tagList}>
      {known.map((tag) => (
        <TagBadge key={tag.id} tag={tag} size="xs" />
      ))}
    </div>
  );
}
