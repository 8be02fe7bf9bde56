import { queryOptions } from '@tanstack/react-query';
import {
  customFieldListSchema,
  customFieldResponseSchema,
  type CustomField,
  type CustomFieldCreateBody,
  type CustomFieldPatchBody,
} from '../../../contracts/custom-fields';
import { api } from '../../api/client';

export type { CustomField, CustomFieldCreateBody, CustomFieldPatchBody };

/** `GET /apps/{appId}/custom-fields`: every field of the app in form order (at most 50, one page). */
export const customFieldsQuery = (appId: string) =>
  queryOptions({
    queryKey: ['custom-fields', appId],
    queryFn: ({ signal }) =>
      api.get(`/apps/${appId}/custom-fields`, { schema: customFieldListSchema, signal }),
    select: (answer) => answer.data,
  });

/** The custom-field calls of spec §7 "Content and configuration", typed from contracts/custom-fields.ts. */
export const customFieldsApi = {
  create: async (appId: string, body: CustomFieldCreateBody): Promise<CustomField> =>
    (await api.post(`/apps/${appId}/custom-fields`, { body, schema: customFieldResponseSchema })).data,

  update: async (id: string, body: CustomFieldPatchBody): Promise<CustomField> =>
    (await api.patch(`/custom-fields/${id}`, { body, schema: customFieldResponseSchema })).data,

  remove: (id: string): Promise<unknown> => api.delete(`/custom-fields/${id}`),

  /** Places the field right after `prevId` (null: first). */
  move: async (id: string, prevId: string | null): Promise<CustomField> =>
    (await api.patch(`/custom-fields/${id}/move`, { body: { prevId }, schema: customFieldResponseSchema }))
      .data,
};

/** The order after moving one field to `toIndex`, and the `prevId` the server needs for it. */
export function moveWithin<T extends { id: string }>(
  items: readonly T[],
  fromIndex: number,
  toIndex: number,
): { items: T[]; prevId: string | null } {
  const next = [...items];
  const [moved] = next.splice(fromIndex, 1);
  if (!moved) {
    return { items: [...items], prevId: null };
  }
  next.splice(toIndex, 0, moved);
  return { items: next, prevId: toIndex > 0 ? (next[toIndex - 1]?.id ?? null) : null };
}
