import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Vote } from '../../../../contracts/community-posts';
import { expectNoAxeViolations } from '../../../test/axe';
import { renderWithProviders } from '../../../test/render';
import { PollCard } from './poll-card';

const vote: Vote = {
  id: 'vote-1',
  question: 'Passt Ihnen der Montag?',
  isMultiple: false,
  endsAt: '2031-03-01T18:00:00.000Z',
  isClosed: false,
  options: [
    { id: 'yes', text: 'Ja', answersCount: 1 },
    { id: 'no', text: 'Nein', answersCount: 0 },
  ],
  votersCount: 1,
  answeredOptionIds: [],
  permissions: { can: ['view', 'answer'] },
};

function renderCard(props: Partial<Parameters<typeof PollCard>[0]> = {}) {
  const onAnswer = vi.fn<(optionIds: string[]) => void>();
  renderWithProviders(
    <PollCard
      vote={vote}
      onAnswer={onAnswer}
      headingId="poll-vote-1"
      headingOrder={2}
      testId="poll"
      testIdPrefix="poll"
      {...props}
    />,
  );
  return { onAnswer, card: screen.getByRole('region', { name: vote.question }) };
}

describe('the poll card', () => {
  it('answers a single choice with one click', async () => {
    const { onAnswer, card } = renderCard();
    await expectNoAxeViolations(card);
    fireEvent.click(within(card).getByRole('button', { name: 'Nein' }));
    expect(onAnswer).toHaveBeenCalledWith(['no']);
  });

  it('counts an answer on its way before the server has it', () => {
    const { card } = renderCard({ pendingAnswer: ['no'] });
    expect(within(card).getByTestId('poll-results').textContent).toContain('50 %');
    expect(within(card).getByTestId('poll-facts').textContent).toContain('2 Stimmen');
    expect(within(card).getByRole('img', { name: 'Ihre Wahl' })).toBeTruthy();
  });

  it('lets the answer be changed, and the change be cancelled', () => {
    const { card } = renderCard({ vote: { ...vote, answeredOptionIds: ['yes'] } });
    fireEvent.click(within(card).getByTestId('poll-change'));
    expect(within(card).queryByTestId('poll-results')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Ja' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(card).getByRole('button', { name: 'Abbrechen' }));
    expect(within(card).getByTestId('poll-results')).toBeTruthy();
  });

  it('fits a chat message: its own heading level and test ids, no end date unless asked', () => {
    const { card } = renderCard({
      testId: 'vote-card',
      testIdPrefix: 'vote',
      headingOrder: 3,
      compact: true,
    });
    expect(card.getAttribute('data-testid')).toBe('vote-card');
    expect(within(card).getByRole('heading', { level: 3, name: vote.question })).toBeTruthy();
    expect(within(card).getByTestId('vote-facts').textContent).toBe('1 Stimme');
  });

  it('names the end date of an open poll when asked', () => {
    const { card } = renderCard({ showEndsAt: true });
    expect(within(card).getByTestId('poll-facts').textContent).toMatch(/^1 Stimme · Endet am /);
  });

  it('shows an ended poll’s results only', () => {
    const { card } = renderCard({ vote: { ...vote, isClosed: true }, showEndsAt: true });
    expect(within(card).getByTestId('poll-facts').textContent).toBe('1 Stimme · Beendet');
    expect(within(card).getByTestId('poll-results')).toBeTruthy();
    expect(within(card).queryByTestId('poll-change')).toBeNull();
  });
});
