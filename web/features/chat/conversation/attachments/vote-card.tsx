import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '../../../../../contracts/chat-messages';
import type { Vote } from '../../../../../contracts/community-posts';
import { PollCard } from '../../../community';
import { mergeMessage } from '../../chat-cache';
import { chatVoteApi } from './vote-api';
import './attachment-styles';

/**
 * A chat poll (issue 17): the community's poll card, fitted to a message. The answer
 * (`PUT /chat-messages/{id}/vote`) counts on screen at once, a failure shows the stored poll again, and the
 * server's copy answers the message.
 */
export function VoteCard({ message, vote }: { message: ChatMessage; vote: Vote }) {
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (optionIds: string[]) => chatVoteApi.answer(message.id, optionIds),
    onSuccess: (answered) => mergeMessage(queryClient, answered),
  });
  return (
    <PollCard
      vote={vote}
      onAnswer={(optionIds) => answer.mutate(optionIds)}
      pendingAnswer={answer.isPending ? answer.variables : undefined}
      headingId={`chat-poll-${message.id}`}
      headingOrder={3}
      testId="vote-card"
      testIdPrefix="vote"
      compact
    />
  );
}
