/** Neighbours closer than this are renumbered first: doubles lose precision when halved too often. */
export const minPositionGap = 1e-6;

/**
 * The position that puts an item right after `prevId` (null: before the first) among `ordered` (the other
 * items, ascending): halfway between the neighbours, or one step beyond the ends. Null when the neighbours
 * are too close and the list must be renumbered first.
 */
export function positionAfter(
  ordered: readonly { id: string; position: number }[],
  prevId: string | null,
): number | null {
  const index = prevId === null ? -1 : ordered.findIndex((item) => item.id === prevId);
  const prev = index >= 0 ? ordered[index]!.position : undefined;
  const next = ordered[index + 1]?.position;
  if (prev === undefined) {
    return next === undefined ? 1 : next - 1;
  }
  if (next === undefined) {
    return prev + 1;
  }
  return next - prev < minPositionGap ? null : (prev + next) / 2;
}
