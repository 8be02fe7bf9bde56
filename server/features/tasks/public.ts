/*
 * The tasks feature's public module (issue 12 point 6): the task service jobs report through, and the two
 * writes a job makes inside its own transaction (start a task with its data, record progress atomically).
 */
export { createTaskService, type TaskService } from './tasks.service.ts';
export { insertTask, updateRunningTask } from './tasks.repo.ts';
