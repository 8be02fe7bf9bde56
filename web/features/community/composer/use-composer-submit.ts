import { useRef, useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Post } from '../../../../contracts/community-posts';
import { ApiError } from '../../../api/api-error';
import { errorTextKey } from '../../../api/notify-error';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDate } from '../../../kernel/format';
import { communityKeys } from '../index';
import { composerApi } from './composer-api';
import {
  composerServerIssuesOf,
  postCreateBodyOf,
  postPatchBodyOf,
  type ComposerIssues,
  type ComposerTarget,
  type ComposerValues,
} from './composer-values';
import { pollBodyOf, pollServerIssuesOf, type PollIssues } from './poll-values';

/** Every cached community answer may show the post: they are read again (feeds, containers, the post, counters). */
export function refreshCommunity(queryClient: QueryClient, appId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: communityKeys.all(appId) });
}

export type ComposerMode =
  { kind: 'create'; target: ComposerTarget | null } | { kind: 'edit'; post: Post; initial: ComposerValues };

type SubmitInput = { values: ComposerValues; target: ComposerTarget | null };

/**
 * Saving the composer: first the poll (`POST /apps/{appId}/votes`) when one is being built, then the post with
 * its `voteId`. A poll that was created but whose post then failed is kept and reused on the next try (same
 * draft), so a retry makes no second poll. Field errors of either call come back by field.
 */
export function useComposerSubmit(appId: string, mode: ComposerMode, onSaved: (post: Post) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [serverIssues, setServerIssues] = useState<ComposerIssues>({});
  const [pollServerIssues, setPollServerIssues] = useState<PollIssues>({});
  const createdVote = useRef<{ draft: string; id: string } | null>(null);

  const voteIdFor = async (values: ComposerValues): Promise<string | null> => {
    if (!values.poll) {
      return values.voteId;
    }
    const body = pollBodyOf(values.poll, values.schedule.timeZone);
    const draft = JSON.stringify(body);
    if (createdVote.current?.draft === draft) {
      return createdVote.current.id;
    }
    try {
      const vote = await composerApi.createVote(appId, body);
      createdVote.current = { draft, id: vote.id };
      return vote.id;
    } catch (error) {
      throw new PollError(error);
    }
  };

  const mutation = useMutation({
    mutationFn: async ({ values, target }: SubmitInput) => {
      const voteId = await voteIdFor(values);
      if (mode.kind === 'edit') {
        return composerApi.update(mode.post, postPatchBodyOf(mode.initial, values, voteId));
      }
      if (!target) {
        throw new Error('A new post needs a target.');
      }
      return composerApi.create(target, postCreateBodyOf(values, voteId));
    },
    // Field errors show at their fields; anything else is announced here.
    meta: { silent: true },
    onMutate: () => {
      setServerIssues({});
      setPollServerIssues({});
    },
    onSuccess: (post) => {
      createdVote.current = null;
      void refreshCommunity(queryClient, appId);
      notifications.show({ color: 'teal', message: savedMessage(post, mode.kind, t) });
      onSaved(post);
    },
    onError: (failure) => {
      const isPoll = failure instanceof PollError;
      const error = isPoll ? failure.cause : failure;
      if (error instanceof ApiError && error.code === 'SLUG_TAKEN' && !isPoll) {
        setServerIssues({ slug: { key: 'communityComposer.advanced.slugTaken' } });
      } else if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        if (isPoll) {
          setPollServerIssues(pollServerIssuesOf(error.errors));
        } else {
          setServerIssues(composerServerIssuesOf(error.errors));
        }
      } else {
        notifications.show({ color: 'red', title: t('errors.title'), message: t(errorTextKey(error)) });
      }
    },
  });

  return {
    submit: (input: SubmitInput) => mutation.mutate(input),
    saving: mutation.isPending,
    serverIssues,
    pollServerIssues,
    /** A field the author changed no longer shows the server's complaint about it. */
    forget: (field: keyof ComposerIssues) =>
      setServerIssues((current) => {
        if (!(field in current)) {
          return current;
        }
        const { [field]: _, ...rest } = current;
        return rest;
      }),
    forgetPoll: () => setPollServerIssues((current) => (Object.keys(current).length > 0 ? {} : current)),
  };
}

class PollError extends Error {
  constructor(override readonly cause: unknown) {
    super('The poll could not be created.');
  }
}

function savedMessage(post: Post, mode: ComposerMode['kind'], t: TFunction) {
  if (mode === 'edit') {
    return t('communityComposer.saved.updated');
  }
  if (post.moderation?.status === 'inbox') {
    return t('communityComposer.saved.held');
  }
  if (post.isScheduled && post.publishAt) {
    return t('communityComposer.saved.scheduled', {
      date: formatDate(post.publishAt, currentLanguage(), {
        format: 'dateTime',
        timeZone: post.timeZone,
      }),
    });
  }
  return t('communityComposer.saved.published');
}
