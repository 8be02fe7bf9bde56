import { useId } from 'react';
import { Anchor, Avatar, Badge, Button, Text } from '@mantine/core';
import {
  IconCheck,
  IconEyeOff,
  IconFlag,
  IconHourglass,
  IconMessageReport,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ModerationPerson, ModerationReport } from '../../../contracts/moderation';
import { useFormat } from '../../kernel/format';
import { useIsMobile } from '../../kernel/ui-store';
import { TimeAgo } from '../../components/time-ago';
import type { ModerationItem } from './moderation-api';
import { itemLink } from './moderation-links';
import classes from './moderation.module.css';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

export function PersonAvatar({ person, size = 36 }: { person: ModerationPerson | null; size?: number }) {
  return (
    <Avatar src={person?.avatarUrl ?? null} size={size} radius={999} color="brand" alt="">
      {person ? initialsOf(person.name) : null}
    </Avatar>
  );
}

/** One report: why, the reporter's note, who and when. */
export function ReportLine({ report }: { report: ModerationReport }) {
  const { t } = useTranslation();
  return (
    <li className={classes.report}>
      <Badge variant="light" color="orange" size="sm" className={classes.reportReason}>
        {t(`moderation.reasons.${report.reason}`)}
      </Badge>
      <div className={classes.reportText}>
        {report.note ? (
          <Text size="sm" className={classes.reportNote}>
            {report.note}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {report.reporter?.name ?? t('moderation.reports.unknownReporter')} ·{' '}
          <TimeAgo value={report.createdAt} />
        </Text>
      </div>
    </li>
  );
}

function CauseBadge({ item }: { item: ModerationItem }) {
  const { t } = useTranslation();
  return item.cause === 'pre_moderation' ? (
    <Badge variant="light" color="blue" leftSection={<IconHourglass size={13} stroke={2} />}>
      {t('moderation.item.cause.pre_moderation')}
    </Badge>
  ) : (
    <Badge variant="light" color="orange" leftSection={<IconFlag size={13} stroke={2} />}>
      {t('moderation.item.cause.reports', { count: item.reportsCount })}
    </Badge>
  );
}

/** Who decided, when, and the reason a rejection gave. */
function DecisionNote({ item }: { item: ModerationItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (item.status === 'inbox' || !item.decidedAt) {
    return null;
  }
  const name = item.decidedBy?.name ?? t('moderation.item.decidedBySomeone');
  return (
    <div className={classes.decision} data-status={item.status}>
      <Text size="sm" fw={500}>
        {t(item.status === 'approved' ? 'moderation.item.approvedBy' : 'moderation.item.rejectedBy', {
          name,
          date: format.dateTime(item.decidedAt),
        })}
      </Text>
      {item.status === 'rejected' && item.reason ? (
        <Text size="sm" c="dimmed">
          {t('moderation.item.reason', { reason: item.reason })}
        </Text>
      ) : null}
    </div>
  );
}

type InboxItemProps = {
  item: ModerationItem;
  appSlug: string;
  onApprove: () => void;
  onReject: () => void;
  onShowReports: () => void;
};

/**
 * One inbox item as a card: what was written (title or the post a comment is on, and an excerpt), by whom,
 * where and when, why it is here, the latest reports, and the decisions its status allows (approve from the
 * inbox and from rejected, reject from the inbox and from approved).
 */
export function InboxItem({ item, appSlug, onApprove, onReject, onShowReports }: InboxItemProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const titleId = useId();
  const { entity } = item;
  const link = itemLink(appSlug, item);
  const place = item.space?.name ?? item.category?.name ?? null;
  const typeLabel = t(`moderation.item.${entity.type}`);
  const title =
    entity.type === 'comment'
      ? t('moderation.item.commentOn', { title: entity.post.name || t('moderation.item.untitled') })
      : entity.post.name || t('moderation.item.untitled');

  return (
    <article
      className={classes.item}
      data-mobile={isMobile || undefined}
      aria-labelledby={titleId}
      data-testid={`moderation-item-${item.id}`}
    >
      <div className={classes.itemMain}>
        <div className={classes.itemHead}>
          <PersonAvatar person={item.author} />
          <div className={classes.itemWho}>
            <Text size="sm" fw={600} truncate="end">
              {item.author?.name ?? t('moderation.item.deletedAuthor')}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {place ? `${t('moderation.item.in', { place })} · ` : ''}
              <TimeAgo value={item.createdAt} />
            </Text>
          </div>
        </div>
        <div className={classes.badges}>
          <CauseBadge item={item} />
          <Badge variant="outline" color="gray">
            {typeLabel}
          </Badge>
          {item.isHidden ? (
            <Badge
              variant="light"
              color="gray"
              leftSection={<IconEyeOff size={13} stroke={2} />}
              title={t('moderation.item.hiddenHint')}
            >
              {t('moderation.item.hidden')}
            </Badge>
          ) : null}
          {entity.isDeleted ? (
            <Badge variant="light" color="red" leftSection={<IconTrash size={13} stroke={2} />}>
              {t('moderation.item.deleted')}
            </Badge>
          ) : null}
        </div>
        <h2 id={titleId} className={classes.itemTitle}>
          {title}
        </h2>
        <Text size="sm" className={classes.excerpt} lineClamp={4}>
          {entity.excerpt || t('moderation.item.noText')}
        </Text>
        {link ? (
          <Anchor
            component={Link}
            to={link}
            size="sm"
            aria-label={t('moderation.item.openLabel', { type: typeLabel })}
            aria-describedby={titleId}
          >
            {t('moderation.item.open')}
          </Anchor>
        ) : null}
        {item.latestReports.length > 0 ? (
          <div className={classes.reports}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" className={classes.reportsLabel}>
              {t('moderation.item.latestReports')}
            </Text>
            <ul className={classes.reportList}>
              {item.latestReports.map((report, index) => (
                <ReportLine key={`${report.createdAt}-${index}`} report={report} />
              ))}
            </ul>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconMessageReport size={16} stroke={1.8} />}
              onClick={onShowReports}
              aria-describedby={titleId}
              className={classes.showReports}
              data-testid="show-reports"
            >
              {t('moderation.item.showReports', { count: item.reportsCount })}
            </Button>
          </div>
        ) : null}
        <DecisionNote item={item} />
      </div>
      <div className={classes.itemActions} role="group" aria-label={t('moderation.item.actions')}>
        {item.status !== 'approved' ? (
          <Button
            color="teal"
            leftSection={<IconCheck size={17} stroke={2} />}
            onClick={onApprove}
            aria-describedby={titleId}
            fullWidth={isMobile}
            data-testid="approve"
          >
            {t('moderation.item.approve')}
          </Button>
        ) : null}
        {item.status !== 'rejected' ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconX size={17} stroke={2} />}
            onClick={onReject}
            aria-describedby={titleId}
            fullWidth={isMobile}
            data-testid="reject"
          >
            {t('moderation.item.reject')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
