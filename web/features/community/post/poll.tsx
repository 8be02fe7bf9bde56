import type { Post, Vote } from '../../../../contracts/community-posts';
import { useCurrentApp } from '../../../kernel/current-app';
import { useVote } from '../community-mutations';
import { PollCard } from './poll-card';

/** A post's poll: answered by post (`PUT /votes/{id}/answers`), counted on screen at once through the post cache. */
export function Poll({ post, vote }: { post: Post; vote: Vote }) {
  const app = useCurrentApp();
  const answer = useVote(app.id);
  return (
    <PollCard
      vote={vote}
      onAnswer={(optionIds) => answer.mutate({ postId: post.id, vote, optionIds })}
      headingId={`poll-${vote.id}`}
      headingOrder={2}
      testId="poll"
      testIdPrefix="poll"
      showEndsAt
    />
  );
}
