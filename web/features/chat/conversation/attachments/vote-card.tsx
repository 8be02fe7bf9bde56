import { useState } from 'react';
import { Button, Checkbox, Progress, UnstyledButton } from '@mantine/core';
import { IconChartBar, IconCircleCheckFilled, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../../contracts/chat';
import type { Vote } from '../../../../../contracts/community-posts';
import { useFormat } from '../../../../kernel/format';
import { withAnswer } from '../../../community';
import { mergeMessage } from '../../chat-cache';
import { chatVoteApi } from './vote-api';
import classes from './vote-card.module.css';
import './attachment-styles';

const percentOf = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

/**
 * A chat poll (issue 17; the community's poll card, fitted to a message): single choice answers with one
 * click, multiple choice with "Abstimmen"; the results show after answering, once it ended, or to whoever may
 * not answer. The answer (`PUT /chat-messages/{id}/vote`) counts on screen at once and answers the message.
 */
export function VoteCard({ message, vote: stored }: { message: ChatMessage; vote: Vote }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const [chosen, setChosen] = useState<string[]>(stored.answeredOptionIds);
  const answer = useMutation({
    mutationFn: (optionIds: string[]) => chatVoteApi.answer(message.id, optionIds),
    onSuccess: (answered) => mergeMessage(queryClient, answered),
  });
  // While the answer travels, the card counts it already; a failure shows the stored poll again.
  const vote = answer.isPending && answer.variables ? withAnswer(stored, answer.variables) : stored;
  const canAnswer = vote.permissions.can.includes('answer') && !vote.isClosed;
  const answered = vote.answeredOptionIds.length > 0;
  const showResults = !canAnswer || (answered && !changing);
  const headingId = `chat-poll-${message.id}`;

  const submit = (optionIds: string[]) => {
    setChanging(false);
    answer.mutate(optionIds);
  };

  const facts = [
    t('community.poll.voters', { count: vote.votersCount, formatted: format.number(vote.votersCount) }),
    vote.isMultiple ? t('community.poll.multiple') : null,
    vote.isClosed ? t('community.poll.closed') : null,
  ].filter(Boolean);

  return (
    <section className={classes.poll} aria-labelledby={headingId} data-testid="vote-card">
      <div className={classes.head}>
        <IconChartBar size={18} stroke={1.8} className={classes.icon} aria-hidden="true" />
        <h3 id={headingId} className={classes.question}>
          {vote.question}
        </h3>
      </div>
      {showResults ? (
        <ul className={classes.results} data-testid="vote-results">
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
                        size={15}
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
                  size="sm"
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
                <Checkbox key={option.id} value={option.id} label={option.text} size="sm" />
              ))}
            </div>
          </Checkbox.Group>
          <Button
            size="xs"
            onClick={() => submit(chosen)}
            disabled={chosen.length === 0}
            data-testid="vote-submit"
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
                data-testid="vote-option"
              >
                {option.text}
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
      <div className={classes.foot}>
        <span className={classes.facts} data-testid="vote-facts">
          {facts.join(' · ')}
        </span>
        {showResults && canAnswer ? (
          <Button
            variant="subtle"
            size="compact-xs"
            leftSection={<IconRefresh size={14} stroke={1.8} />}
            onClick={() => {
              setChosen(vote.answeredOptionIds);
              setChanging(true);
            }}
            data-testid="vote-change"
          >
            {t('community.poll.change')}
          </Button>
        ) : null}
        {changing ? (
          <Button variant="subtle" size="compact-xs" color="gray" onClick={() => setChanging(false)}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
