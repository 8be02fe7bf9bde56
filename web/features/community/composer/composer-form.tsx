import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconClockPlay, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { postLimits, type Post } from '../../../../contracts/community-posts';
import { RichTextEditor } from '../../../components/rich-text';
import { useIssueText } from '../../../components/form-issues';
import { useCurrentApp } from '../../../kernel/current-app';
import { personTimeZone } from '../../../kernel/person-locale';
import { useIsMobile } from '../../../kernel/ui-store';
import { suggestMembers } from './composer-api';
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
import { AddBar, ExistingPoll, TargetHeading, type Addable } from './composer-parts';
import { MediaField } from './media-field';
import { coverRatios, PictureField } from '../../community-settings';
import { PollBuilder } from './poll-builder';
import { ScheduleFields } from './schedule-fields';
import { TargetPicker } from './target-picker';
import { useComposerSubmit, type ComposerMode } from './use-composer-submit';
import { useTargets } from './use-targets';
import { browserTimeZone } from '../../../kernel/zoned-time';
import classes from './composer.module.css';

export type ComposerFormProps = {
  target: ComposerTarget | null;
  post: Post | null;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: (post: Post) => void;
};

type Panel = 'cover' | 'media' | 'schedule';

export function ComposerForm({ target: fixedTarget, post, onDirty, onCancel, onSaved }: ComposerFormProps) {
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
  const targets = useTargets(needsTarget);
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

  const offered: Addable[] = [
    ...(panels.has('cover') ? [] : (['cover'] as const)),
    ...(panels.has('media') ? [] : (['media'] as const)),
    ...(hasPoll ? [] : (['poll'] as const)),
    ...(canSchedule && !post && !panels.has('schedule') ? (['schedule'] as const) : []),
  ];
  const add = (part: Addable) => {
    onDirty(true);
    if (part === 'poll') {
      setValues((current) => startPoll(current));
    } else if (part === 'schedule') {
      toggle('schedule', true);
      set('schedule', { ...values.schedule, enabled: true });
    } else {
      toggle(part, true);
    }
  };

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
              targets={targets.targets}
              value={chosenTarget}
              onChange={(next) => {
                setChosenTarget(next);
                onDirty(true);
              }}
              loading={targets.loading}
              error={issueOf('target')}
            />
          ) : (target ?? post) ? (
            <TargetHeading name={target?.name ?? post?.space?.name ?? post?.category?.name ?? ''} />
          ) : null}

          {panels.has('cover') ? (
            <PictureField
              label={t('communityComposer.cover.label')}
              hint={t('communityComposer.cover.hint')}
              value={values.cover}
              onChange={(picture) => set('cover', picture)}
              ratios={coverRatios}
              error={issueOf('coverId')}
              wide
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
            <ExistingPoll question={post.vote.question} onRemove={() => set('voteId', null)} />
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

          <AddBar offered={offered} onAdd={add} />

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
