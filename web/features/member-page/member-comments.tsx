import { Anchor, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconHeart, IconMessageCircle, IconMessages } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext } from 'react-router';
import type { Comment, CommentPost } from '../../../contracts/community-comments';
import { RichText } from '../../components/rich-text';
import { useCurrentApp } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { communityLinks } from '../community';
import { memberCommentsQuery } from './member-community-api';
import type { Member } from './member-api';
import { memberNameOf } from './member-paths';
import classes from './member-community.module.css';

/** The post page a comment is on, in its space or category. */
function postAddress(slug: string, post: CommentPost): string {
  return post.discriminator === 'communities'
    ? communityLinks.categoryPost(slug, post.containerSlug, post.slug)
    : communityLinks.spacePost(slug, post.containerSlug, post.slug);
}

function CommentCard({ comment }: { comment: Comment }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  return (
    <Paper component="article" className={classes.item} data-testid="member-comment">
      <div className={classes.itemHead}>
        <IconMessageCircle size={16} stroke={1.7} aria-hidden="true" className={classes.itemIcon} />
        <Text size="sm" c="dimmed" className={classes.itemWhere}>
          {comment.post ? (
            <>
              {t('member.comments.on')}{' '}
              <Anchor component={Link} to={postAddress(app.slug, comment.post)} fw={600} size="sm">
                {comment.post.name}
              </Anchor>
            </>
          ) : (
            t('member.comments.onUnknown')
          )}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
          {format.dateTime(comment.createdAt)}
        </Text>
      </div>
      <RichText html={comment.body} className={classes.commentBody} />
      <div className={classes.itemFoot}>
        <span className={classes.count}>
          <IconHeart size={15} stroke={1.7} aria-hidden="true" />
          {t('member.comments.likes', { count: comment.likesCount })}
        </span>
        <span className={classes.count}>
          <IconMessages size={15} stroke={1.7} aria-hidden="true" />
          {t('member.comments.replies', { count: comment.repliesCount })}
        </span>
      </div>
    </Paper>
  );
}

/** `m/{memberId}/comments` (ROUTE-76): what the member wrote under posts, newest first. */
export function MemberComments() {
  const { t } = useTranslation();
  const member = useOutletContext<Member>();
  const query = useInfiniteQuery(memberCommentsQuery(member.id));
  const comments = query.data?.pages.flatMap((page) => page.data) ?? [];
  const name = member.firstName || memberNameOf(member);

  if (query.isPending) {
    return (
      <Stack gap="sm" data-testid="member-comments-loading" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={120} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (comments.length === 0) {
    return (
      <Paper className={classes.empty} data-testid="member-comments-empty">
        <IconMessageCircle size={30} stroke={1.4} className={classes.emptyIcon} />
        <Text fw={650}>{t('member.comments.emptyTitle')}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {t('member.comments.empty', { name })}
        </Text>
      </Paper>
    );
  }
  return (
    <section aria-label={t('member.comments.label', { name })}>
      <Stack gap="sm" data-testid="member-comments">
        {comments.map((comment) => (
          <CommentCard key={comment.id} comment={comment} />
        ))}
      </Stack>
      {query.hasNextPage ? (
        <Button
          variant="default"
          fullWidth
          mt="md"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid="member-comments-more"
        >
          {t('member.comments.more')}
        </Button>
      ) : null}
    </section>
  );
}
