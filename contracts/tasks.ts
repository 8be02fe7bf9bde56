import { z } from 'zod';
import { taskStatusSchema, taskTypeSchema } from './enums.ts';

/** A background task as the client polls it (GAPS 7: `{taskId, type, status, progress}` plus timing and outcome). */
export const taskSchema = z.object({
  taskId: z.uuid(),
  type: taskTypeSchema,
  status: taskStatusSchema,
  progress: z.number().int().min(0).max(100),
  projectId: z.uuid(),
  appId: z.uuid().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

const maxTaskIds = 100;

/** `taskIds` as `?taskIds=a,b`, `?taskIds=a&taskIds=b` or `?taskIds[]=a`: always a list of at most 100 uuids. */
export const taskListQuerySchema = z.object({
  taskIds: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z
      .array(z.uuid({ message: 'validation.invalidValue' }))
      .min(1, 'validation.required')
      .max(maxTaskIds, 'validation.validateMaxLength'),
  ),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskListSchema = z.object({ data: z.array(taskSchema) });
