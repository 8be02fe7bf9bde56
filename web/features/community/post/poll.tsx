import { useState } from 'react';
import { Button, Checkbox, Progress, Title, UnstyledButton } from '@mantine/core';
import { IconChartBar, IconCircleCheckFilled, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Post, Vote } from '../../../../contracts/community-posts';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { useVote } from '../community-mutations';
import classes from './poll.module.css';

const percentOf = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

/**
 * A post's poll (spec §3 `voteId`): single choice answers with one click, multiple choice with "Abstimmen";
 * the results show after answering, once it has ended, or to whoever may not answer. An answer can be changed
 * until the poll ends (counted on screen at once, the server's counts after).
 */
export function Poll({ post, vote }: { post: Post; vote: Vote }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  const answer = useVote(app.id);
  const canAnswer = vote.permissions.can.includes('answer') && !vote.isClosed;
  const answered = vote.answeredOptionIds.length > 0;
  const [changing, setChanging] = useState(false);
  const [chosen, setChosen] = useState<string[]>(vote.answeredOptionIds);
  const showResults = !canAnswer || (answered && !changing);
  const headingId = `poll-${vote.id}`;

  const submit = (optionIds: string[]) => {
    setChanging(false);
    answer.mutate({ postId: post.id, vote, optionIds });
  };

  const facts = [
    t('community.poll.voters', { count: vote.votersCount, formatted: format.number(vote.votersCount) }),
    vote.isMultiple ? t('community.poll.multiple') : null,
    vote.isClosed
      ? t('community.poll.closed')
      : vote.endsAt
        ? t('community.poll.endsAt', { date: format.dateTime(vote.endsAt) })
        : null,
  ].filter(Boolean);

  return (
    <section className={classes.poll} aria-labelledby={headingId} data-testid="poll">
      <div className={classes.head}>
        <IconChartBar size={20} stroke={1.8} className={classes.icon} />
        <Title order={2} id={headingId} className={classes.question}>
          {vote.question}
        </Title>
      </div>
      {showResults ? (
        <ul className={classes.results} data-testid="poll-results">
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
                        size={16}
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
                  size="md"
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
                <Checkbox key={option.id} value={option.id} label={option.text} />
              ))}
            </div>
          </Checkbox.Group>
          <Button onClick={() => submit(chosen)} disabled={chosen.length === 0} data-testid="poll-submit">
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
                data-testid="poll-option"
                aria-pressed={vote.answeredOptionIds.includes(option.id)}
              >
                {option.text}
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
      <div className={classes.foot}>
        <span className={classes.facts} data-testid="poll-facts">
          {facts.join(' · ')}
        </span>
        {showResults && canAnswer ? (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconRefresh size={15} stroke={1.8} />}
            onClick={() => {
              setChosen(vote.answeredOptionIds);
              setChanging(true);
            }}
            data-testid="poll-change"
          >
            {t('community.poll.change')}
          </Button>
        ) : null}
        {changing ? (
          <Button variant="subtle" size="compact-sm" color="gray" onClick={() => setChanging(false)}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
