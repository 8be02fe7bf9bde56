import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  IconCalendarTime,
  IconChartBar,
  IconPaperclip,
  IconPhoto,
  IconSend,
  IconDeviceFloppy,
  IconClockPlay,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postLimits, type Post } from '../../../../contracts/community-posts';
import { RichTextEditor } from '../../../components/rich-text';
import { useIssueText } from '../../../components/form-issues';
import { useCurrentApp } from '../../../kernel/current-app';
import { personTimeZone } from '../../../kernel/person-locale';
import { useIsMobile } from '../../../kernel/ui-store';
import { composerTargetsQuery, suggestMembers } from './composer-api';
import { AdvancedOptions, InteractionOptions } from './composer-options';
import {
  advancedFields,
  composerIssuesOf,
  composerValuesOf,
  emptyComposerValues,
  hasComposerIssues,
  startPoll,
  type ComposerField,
  type ComposerTarget,
  type ComposerValues,
} from './composer-values';
import { DiscardDialog } from './discard-dialog';
import { MediaField } from './media-field';
import { coverRatios, PictureField } from './picture-field';
import { PollBuilder } from './poll-builder';
import { ScheduleFields } from './schedule-fields';
import { TargetPicker } from './target-picker';
import { useComposerSubmit, type ComposerMode } from './use-composer-submit';
import { browserTimeZone } from './zoned-time';
import classes from './composer.module.css';

export type PostComposerProps = {
  opened: boolean;
  onClose: () => void;
  /** Where a new post goes; absent, the composer asks (the spaces and categories the member may post in). */
  target?: ComposerTarget | null;
  /** Given, the composer edits this post. */
  post?: Post | null;
  onSaved?: (post: Post) => void;
};

/**
 * The post composer (issue 15, spec §3 "Post"): a dialog on the desktop, a full-screen sheet on a phone. Title,
 * rich text with @-mentions, cover, media from the cloud, a poll, a schedule (when the container allows it), the
 * interaction switches and the meta/OpenGraph fields; creates a post or edits one.
 */
export function PostComposer({ opened, onClose, target = null, post = null, onSaved }: PostComposerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const dirty = useRef(false);
  const requestClose = () => (dirty.current ? setConfirmDiscard(true) : onClose());

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={post ? t('communityComposer.editTitle') : t('communityComposer.title')}
        fullScreen={isMobile}
        size={760}
        radius={isMobile ? 0 : 'lg'}
        transitionProps={isMobile ? { transition: 'slide-up', duration: 200 } : undefined}
        classNames={{ title: classes.modalTitle, body: classes.modalBody, content: classes.modalContent }}
        closeButtonProps={{ 'aria-label': t('communityComposer.close') }}
        data-testid="post-composer"
      >
        {opened ? (
          <ComposerForm
            key={post?.id ?? 'new'}
            target={target}
            post={post}
            onDirty={(value) => {
              dirty.current = value;
            }}
            onCancel={requestClose}
            onSaved={(saved) => {
              dirty.current = false;
              onSaved?.(saved);
              onClose();
            }}
          />
        ) : null}
      </Modal>
      <DiscardDialog
        opened={confirmDiscard}
        onKeep={() => setConfirmDiscard(false)}
        onDiscard={() => {
          setConfirmDiscard(false);
          dirty.current = false;
          onClose();
        }}
      />
    </>
  );
}

type ComposerFormProps = {
  target: ComposerTarget | null;
  post: Post | null;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: (post: Post) => void;
};

type Panel = 'cover' | 'media' | 'schedule';

function ComposerForm({ target: fixedTarget, post, onDirty, onCancel, onSaved }: ComposerFormProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const formRef = useRef<HTMLFormElement>(null);
  const timeZone = personTimeZone() ?? browserTimeZone();
  const initial = useMemo(
    () => (post ? composerValuesOf(post, timeZone) : emptyComposerValues(timeZone)),
    [post, timeZone],
  );
  const [values, setValues] = useState<ComposerValues>(initial);
  const [chosenTarget, setChosenTarget] = useState<ComposerTarget | null>(fixedTarget);
  const [panels, setPanels] = useState<Set<Panel>>(() => {
    const open = new Set<Panel>();
    if (initial.cover) {
      open.add('cover');
    }
    if (initial.media.length > 0) {
      open.add('media');
    }
    if (initial.schedule.enabled) {
      open.add('schedule');
    }
    return open;
  });
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const needsTarget = post === null && fixedTarget === null;
  const targets = useQuery({ ...composerTargetsQuery(app.id), enabled: needsTarget });
  const target = post ? null : chosenTarget;
  const canSchedule = post
    ? post.isScheduled && post.permissions.can.includes('edit_publish_time')
    : (target?.canSchedule ?? false);
  const mode: ComposerMode = post ? { kind: 'edit', post, initial } : { kind: 'create', target };
  const save = useComposerSubmit(app.id, mode, onSaved);

  const check = composerIssuesOf(values, { needsTarget, hasTarget: target !== null });
  const issues = submitted ? check.issues : {};
  const pollIssues = submitted ? { ...save.pollServerIssues, ...check.pollIssues } : save.pollServerIssues;
  const issueOf = (field: ComposerField) => issueText(issues[field] ?? save.serverIssues[field]);

  const set = <K extends keyof ComposerValues>(field: K, value: ComposerValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    save.forget(field as ComposerField);
    onDirty(true);
  };
  const toggle = (panel: Panel, open: boolean) =>
    setPanels((current) => {
      const next = new Set(current);
      if (open) {
        next.add(panel);
      } else {
        next.delete(panel);
      }
      return next;
    });

  const showFirstIssue = (fields: readonly string[]) => {
    if (fields.some((field) => (advancedFields as readonly string[]).includes(field))) {
      setAdvancedOpen(true);
    }
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      invalid?.focus({ preventScroll: true });
    });
  };
  // The server's refusal: its first field comes into view (the advanced section opens for its fields).
  const serverIssues = save.serverIssues;
  useEffect(() => {
    const fields = Object.keys(serverIssues);
    if (fields.length > 0) {
      if (fields.some((field) => (advancedFields as readonly string[]).includes(field))) {
        setAdvancedOpen(true);
      }
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    }
  }, [serverIssues]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const effective = canSchedule ? values : { ...values, schedule: { ...values.schedule, enabled: false } };
    if (hasComposerIssues(composerIssuesOf(effective, { needsTarget, hasTarget: target !== null }))) {
      showFirstIssue([...Object.keys(check.issues), ...Object.keys(check.pollIssues)]);
      return;
    }
    save.submit({ values: effective, target });
  };

  const scheduled = canSchedule && values.schedule.enabled;
  const submitLabel = post
    ? t('communityComposer.submit.save')
    : scheduled
      ? t('communityComposer.submit.schedule')
      : t('communityComposer.submit.publish');
  const SubmitIcon = post ? IconDeviceFloppy : scheduled ? IconClockPlay : IconSend;
  const hasPoll = values.poll !== null || values.voteId !== null;

  const addButton = (
    key: string,
    label: string,
    Icon: typeof IconPhoto,
    active: boolean,
    onClick: () => void,
  ) => (
    <Button
      key={key}
      variant={active ? 'light' : 'default'}
      size="xs"
      radius="xl"
      leftSection={<Icon size={16} stroke={1.7} />}
      aria-pressed={active}
      onClick={onClick}
      data-testid={`composer-add-${key}`}
    >
      {label}
    </Button>
  );

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      noValidate
      className={classes.form}
      data-testid="composer-form"
    >
      <div className={classes.scroll}>
        <Stack gap="lg">
          {needsTarget ? (
            <TargetPicker
              targets={targets.data ?? []}
              value={chosenTarget}
              onChange={(next) => {
                setChosenTarget(next);
                onDirty(true);
              }}
              loading={targets.isPending}
              error={issueOf('target')}
            />
          ) : (target ?? post) ? (
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t('communityComposer.target.in')}
              </Text>
              <Badge variant="light" radius="sm" size="lg" data-testid="composer-target-name">
                {target?.name ?? post?.space?.name ?? post?.category?.name}
              </Badge>
            </Group>
          ) : null}

          {panels.has('cover') ? (
            <PictureField
              label={t('communityComposer.cover.label')}
              hint={t('communityComposer.cover.hint')}
              value={values.cover}
              onChange={(picture) => set('cover', picture)}
              ratios={coverRatios}
              error={issueOf('coverId')}
              testId="composer-cover"
            />
          ) : null}

          <TextInput
            label={t('communityComposer.name')}
            placeholder={t('communityComposer.namePlaceholder')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            maxLength={postLimits.name}
            error={issueOf('name')}
            required
            size="md"
            classNames={{ input: classes.nameInput }}
            data-autofocus
            data-testid="composer-name"
          />

          <RichTextEditor
            value={values.body}
            onChange={(html) => set('body', html)}
            label={t('communityComposer.body')}
            placeholder={t('communityComposer.bodyPlaceholder')}
            suggestMentions={(query) => suggestMembers(app.id, query)}
            error={issueOf('body')}
            minHeight={isMobile ? 180 : 200}
            testId="composer-body"
          />

          {panels.has('media') ? (
            <MediaField
              value={values.media}
              onChange={(media) => set('media', media)}
              error={issueOf('mediaIds')}
            />
          ) : null}

          {values.poll ? (
            <PollBuilder
              poll={values.poll}
              onChange={(poll) => {
                set('poll', poll);
                save.forgetPoll();
              }}
              onRemove={() => set('poll', null)}
              issues={pollIssues}
              timeZoneLabel={values.schedule.timeZone}
            />
          ) : values.voteId && post?.vote ? (
            <div className={classes.existingPoll} data-testid="composer-existing-poll">
              <IconChartBar size={18} stroke={1.7} aria-hidden="true" />
              <Text size="sm" fw={600} className={classes.existingPollText}>
                {post.vote.question}
              </Text>
              <Button variant="subtle" color="red" size="xs" onClick={() => set('voteId', null)}>
                {t('communityComposer.poll.remove')}
              </Button>
            </div>
          ) : null}

          {canSchedule && panels.has('schedule') ? (
            <ScheduleFields
              value={values.schedule}
              onChange={(schedule) => set('schedule', schedule)}
              onRemove={
                post
                  ? undefined
                  : () => {
                      set('schedule', { ...values.schedule, enabled: false });
                      toggle('schedule', false);
                    }
              }
              error={issueOf('publishAt') ?? issueOf('timeZone')}
            />
          ) : null}

          <div className={classes.addBar} role="group" aria-label={t('communityComposer.add.label')}>
            <Text size="xs" c="dimmed" fw={600} className={classes.addBarLabel}>
              {t('communityComposer.add.label')}
            </Text>
            {addButton('cover', t('communityComposer.add.cover'), IconPhoto, panels.has('cover'), () =>
              toggle('cover', !panels.has('cover')),
            )}
            {addButton('media', t('communityComposer.add.media'), IconPaperclip, panels.has('media'), () =>
              toggle('media', !panels.has('media')),
            )}
            {hasPoll
              ? null
              : addButton('poll', t('communityComposer.add.poll'), IconChartBar, false, () =>
                  setValues((current) => startPoll(current)),
                )}
            {canSchedule && !post
              ? addButton(
                  'schedule',
                  t('communityComposer.add.schedule'),
                  IconCalendarTime,
                  panels.has('schedule'),
                  () => {
                    const open = !panels.has('schedule');
                    toggle('schedule', open);
                    set('schedule', { ...values.schedule, enabled: open });
                  },
                )
              : null}
          </div>

          <div>
            <InteractionOptions
              values={values}
              set={set}
              opened={optionsOpen}
              onToggle={() => setOptionsOpen((o) => !o)}
            />
            <AdvancedOptions
              values={values}
              set={set}
              opened={advancedOpen}
              onToggle={() => setAdvancedOpen((o) => !o)}
              issueOf={issueOf}
            />
          </div>
        </Stack>
      </div>
      <div className={classes.footer} data-mobile={isMobile || undefined}>
        <Button variant="default" onClick={onCancel} disabled={save.saving}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          loading={save.saving}
          leftSection={<SubmitIcon size={17} stroke={1.8} />}
          data-testid="composer-submit"
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
