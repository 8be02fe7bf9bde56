import { UnstyledButton } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../kernel/format';
import classes from './actions.module.css';

type LikeButtonProps = {
  liked: boolean;
  count: number;
  /** Absent: the count shows, but the caller may not like (a guest, likes switched off). */
  onToggle?: (liked: boolean) => void;
  /** What is liked, for the accessible name ("Beitrag", "Kommentar"). */
  subject: 'post' | 'comment';
  size?: 'sm' | 'md';
  testId?: string;
};

/** A heart with its count; pressed when the caller likes it (aria-pressed), changed at once on click. */
export function LikeButton({ liked, count, onToggle, subject, size = 'md', testId }: LikeButtonProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const icon = size === 'sm' ? 16 : 19;
  const label = t(`community.like.${subject}`, { count });
  const content = (
    <>
      {liked ? <IconHeartFilled size={icon} /> : <IconHeart size={icon} stroke={1.8} />}
      <span className={classes.count}>{count > 0 ? format.number(count) : null}</span>
    </>
  );
  if (!onToggle) {
    return (
      <span className={classes.action} data-size={size} data-testid={testId} aria-label={label} role="img">
        {content}
      </span>
    );
  }
  return (
    <UnstyledButton
      className={classes.action}
      data-size={size}
      data-liked={liked || undefined}
      aria-pressed={liked}
      aria-label={label}
      onClick={() => onToggle(!liked)}
      data-testid={testId}
    >
      {content}
    </UnstyledButton>
  );
}
