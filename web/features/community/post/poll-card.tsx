import { useState } from 'react';
import { Button, Checkbox, Progress, Title, UnstyledButton, type TitleOrder } from '@mantine/core';
import { IconChartBar, IconCircleCheckFilled, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Vote } from '../../../../contracts/community-posts';
import { useFormat } from '../../../kernel/format';
import { withAnswer } from '../community-mutations';
import classes from './poll-card.module.css';

const percentOf = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

// The chat's card sits inside a message bubble: the same card, a size smaller.
const sizes = {
  regular: {
    icon: 20,
    mine: 16,
    bar: 'md',
    checkbox: undefined,
    submit: undefined,
    action: 'compact-sm',
    actionIcon: 15,
  },
  compact: {
    icon: 18,
    mine: 15,
    bar: 'sm',
    checkbox: 'sm',
    submit: 'xs',
    action: 'compact-xs',
    actionIcon: 14,
  },
} as const;

type PollCardProps = {
  vote: Vote;
  /** Sends the chosen options; the owner decides where to (a post's poll, a chat message). */
  onAnswer: (optionIds: string[]) => void;
  /** The options of an answer still on its way: the card counts them already, and shows `vote` again after. */
  pendingAnswer?: readonly string[];
  headingId: string;
  headingOrder: TitleOrder;
  /** The card's `data-testid`; its parts are `${testIdPrefix}-results`, `-option`, `-submit`, `-facts`, `-change`. */
  testId: string;
  testIdPrefix: string;
  /** Whether the facts name the end date of a poll still open. */
  showEndsAt?: boolean;
  compact?: boolean;
};

/**
 * A poll's card (spec §3 `voteId`), for a post and a chat message alike: single choice answers with one click,
 * multiple choice with "Abstimmen"; the results show after answering, once it has ended, or to whoever may not
 * answer. An answer can be changed until the poll ends.
 */
export function PollCard({
  vote: stored,
  onAnswer,
  pendingAnswer,
  headingId,
  headingOrder,
  testId,
  testIdPrefix,
  showEndsAt = false,
  compact = false,
}: PollCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const size = sizes[compact ? 'compact' : 'regular'];
  const [changing, setChanging] = useState(false);
  const [chosen, setChosen] = useState<string[]>(stored.answeredOptionIds);
  const vote = pendingAnswer ? withAnswer(stored, pendingAnswer) : stored;
  const canAnswer = vote.permissions.can.includes('answer') && !vote.isClosed;
  const answered = vote.answeredOptionIds.length > 0;
  const showResults = !canAnswer || (answered && !changing);

  const submit = (optionIds: string[]) => {
    setChanging(false);
    onAnswer(optionIds);
  };

  const facts = [
    t('community.poll.voters', { count: vote.votersCount, formatted: format.number(vote.votersCount) }),
    vote.isMultiple ? t('community.poll.multiple') : null,
    vote.isClosed
      ? t('community.poll.closed')
      : showEndsAt && vote.endsAt
        ? t('community.poll.endsAt', { date: format.dateTime(vote.endsAt) })
        : null,
  ].filter(Boolean);

  return (
    <section
      className={compact ? `${classes.poll} ${classes.compact}` : classes.poll}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <div className={classes.head}>
        <IconChartBar size={size.icon} stroke={1.8} className={classes.icon} aria-hidden="true" />
        <Title order={headingOrder} id={headingId} className={classes.question}>
          {vote.question}
        </Title>
      </div>
      {showResults ? (
        <ul className={classes.results} data-testid={`${testIdPrefix}-results`}>
          {vote.options.map((option) => {
            const percent = percentOf(option.answersCount, vote.votersCount);
            const mine = vote.answeredOptionIds.includes(option.id);
            return (
              <li key={option.id} className={classes.result} data-mine={mine || undefined}>
                <div className={classes.resultText}>
                  <span className={classes.optionText}>
                    {option.text}
                    {mine ? (
                      <IconCircleCheckFilled
                        size={size.mine}
                        className={classes.mine}
                        aria-label={t('community.poll.yourChoice')}
                        role="img"
                      />
                    ) : null}
                  </span>
                  <span className={classes.percent}>{percent} %</span>
                </div>
                <Progress
                  value={percent}
                  size={size.bar}
                  radius="xl"
                  aria-label={`${option.text}: ${percent} %`}
                  color={mine ? undefined : 'gray'}
                />
              </li>
            );
          })}
        </ul>
      ) : vote.isMultiple ? (
        <div className={classes.choices}>
          <Checkbox.Group value={chosen} onChange={setChosen} aria-labelledby={headingId}>
            <div className={classes.checkboxes}>
              {vote.options.map((option) => (
                <Checkbox key={option.id} value={option.id} label={option.text} size={size.checkbox} />
              ))}
            </div>
          </Checkbox.Group>
          <Button
            size={size.submit}
            onClick={() => submit(chosen)}
            disabled={chosen.length === 0}
            data-testid={`${testIdPrefix}-submit`}
          >
            {t('community.poll.submit')}
          </Button>
        </div>
      ) : (
        <ul className={classes.options}>
          {vote.options.map((option) => (
            <li key={option.id}>
              <UnstyledButton
                className={classes.option}
                onClick={() => submit([option.id])}
                aria-pressed={vote.answeredOptionIds.includes(option.id)}
                data-testid={`${testIdPrefix}-option`}
              >
                {option.text}
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
      <div className={classes.foot}>
        <span className={classes.facts} data-testid={`${testIdPrefix}-facts`}>
          {facts.join(' · ')}
        </span>
        {showResults && canAnswer ? (
          <Button
            variant="subtle"
            size={size.action}
            leftSection={<IconRefresh size={size.actionIcon} stroke={1.8} />}
            onClick={() => {
              setChosen(vote.answeredOptionIds);
              setChanging(true);
            }}
            data-testid={`${testIdPrefix}-change`}
          >
            {t('community.poll.change')}
          </Button>
        ) : null}
        {changing ? (
          <Button variant="subtle" size={size.action} color="gray" onClick={() => setChanging(false)}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
