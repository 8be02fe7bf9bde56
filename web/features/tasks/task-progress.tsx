import '@mantine/core/styles/Progress.css';
import type { ReactNode } from 'react';
import { Progress, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLoader2, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '../../../contracts/enums';
import type { Task } from '../../../contracts/tasks';
import classes from './task-progress.module.css';

const statusColor: Record<TaskStatus, string> = {
  running: 'brand',
  completed: 'teal',
  failed: 'red',
  killed: 'orange',
};

const statusIcon: Record<TaskStatus, typeof IconLoader2> = {
  running: IconLoader2,
  completed: IconCircleCheck,
  failed: IconAlertTriangle,
  killed: IconPlayerStop,
};

type TaskProgressProps = {
  task: Pick<Task, 'taskId' | 'status' | 'progress'>;
  /** What the task does, e.g. "CSV-Import"; the status text stands alone without it. */
  label?: string;
  /** Under the bar: a summary, an error text, actions. */
  children?: ReactNode;
};

/** One background task: its status and a progress bar that moves while it runs. */
export function TaskProgress({ task, label, children }: TaskProgressProps) {
  const { t } = useTranslation();
  const color = statusColor[task.status];
  const Icon = statusIcon[task.status];
  const running = task.status === 'running';
  const value = task.status === 'completed' ? 100 : task.progress;
  return (
    <div className={classes.root} data-status={task.status} data-testid="task-progress">
      <div className={classes.head}>
        <span className={classes.icon} data-color={color} aria-hidden="true">
          <Icon size={20} stroke={1.8} className={running ? classes.spin : undefined} />
        </span>
        <div className={classes.text}>
          {label ? <div className={classes.label}>{label}</div> : null}
          <Text size="sm" c="dimmed" data-testid="task-status">
            {t(`members.task.status.${task.status}`)}
          </Text>
        </div>
        <span className={classes.percent} aria-hidden="true">
          {value} %
        </span>
      </div>
      <Progress
        value={value}
        color={color}
        size="lg"
        radius="xl"
        striped={running}
        animated={running}
        aria-label={label ?? t('members.task.progress')}
        transitionDuration={300}
      />
      {children ? <div className={classes.body}>{children}</div> : null}
    </div>
  );
}
