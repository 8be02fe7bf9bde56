import type { ReactNode } from 'react';
import { SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DateInput, TimeInput } from '../../components/date-inputs';
import { IconCalendar, IconClock, IconLink, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { eventLimits } from '../../../contracts/events';
import { eventLocationTypeValues } from '../../../contracts/enums';
import { AccountSection, TimezoneSelect } from '../account';
import { ModeratorPicker } from '../community-settings';
import { DurationSelect } from './duration-select';
import { parseTypedDate, type EventFormValues } from './event-form';
import { ParticipantsLimit } from './participants-limit';
import { RecurrenceEditor } from './recurrence-editor';
import { ReminderOffsets } from './reminder-offsets';
import classes from './event-editor.module.css';

export type SectionProps = {
  values: EventFormValues;
  set: <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => void;
  issueOf: (field: string) => string | null;
};

/** One card of the editor: a heading, a line saying what it is for, its fields one below the other. */
export function EditorSection({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <AccountSection title={title} text={text}>
      <Stack gap="md">{children}</Stack>
    </AccountSection>
  );
}

/** Date, time, zone, length and recurrence; the preview's dates come from the page. */
export function WhenSection({ values, set, issueOf, preview }: SectionProps & { preview: string[] }) {
  const { t, i18n } = useTranslation();
  return (
    <EditorSection title={t('eventEditor.when.title')} text={t('eventEditor.when.text')}>
      <div className={classes.grid}>
        <DateInput
          label={t('eventEditor.when.date')}
          value={values.date || null}
          onChange={(date) => set('date', date ?? '')}
          valueFormat="DD.MM.YYYY"
          dateParser={parseTypedDate}
          firstDayOfWeek={1}
          locale={i18n.language}
          leftSection={<IconCalendar size={17} stroke={1.7} />}
          popoverProps={{ withinPortal: true }}
          error={issueOf('startsAt')}
          required
          data-testid="event-editor-date"
        />
        <TimeInput
          label={t('eventEditor.when.time')}
          value={values.time}
          onChange={(event) => set('time', event.currentTarget.value)}
          leftSection={<IconClock size={17} stroke={1.7} />}
          required
          data-testid="event-editor-time"
        />
        <DurationSelect
          label={t('eventEditor.when.duration')}
          value={values.durationMinutes}
          onChange={(minutes) => set('durationMinutes', minutes)}
          error={issueOf('durationInSeconds')}
          testId="event-editor-duration"
        />
      </div>
      <TimezoneSelect
        size="sm"
        value={values.timeZone}
        onChange={(zone) => zone && set('timeZone', zone)}
        error={issueOf('timeZone')}
        description={t('eventEditor.when.zoneHint')}
      />
      <RecurrenceEditor
        value={values.recurrence}
        onChange={(recurrence) => set('recurrence', recurrence)}
        startDate={values.date}
        startTime={values.time}
        preview={preview}
        error={issueOf('recurringEventPattern') ?? issueOf('recurrence')}
      />
    </EditorSection>
  );
}

/** Online (a link), in person (an address) or not yet decided. */
export function PlaceSection({ values, set, issueOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <EditorSection title={t('eventEditor.place.title')}>
      <SegmentedControl
        aria-label={t('eventEditor.place.type')}
        value={values.eventType}
        onChange={(value) => {
          const type = eventLocationTypeValues.find((known) => known === value);
          if (type) {
            set('eventType', type);
          }
        }}
        data={eventLocationTypeValues.map((type) => ({
          value: type,
          label: t(`eventEditor.place.types.${type}`),
        }))}
        fullWidth
        data-testid="event-editor-location-type"
      />
      {values.eventType === 'virtual' ? (
        <TextInput
          label={t('eventEditor.place.url')}
          description={t('eventEditor.place.urlHint')}
          placeholder="https://"
          leftSection={<IconLink size={17} stroke={1.7} />}
          value={values.virtualLocationUrl}
          onChange={(event) => set('virtualLocationUrl', event.currentTarget.value)}
          maxLength={eventLimits.url}
          error={issueOf('virtualLocationUrl')}
          data-testid="event-editor-url"
        />
      ) : values.eventType === 'person' ? (
        <TextInput
          label={t('eventEditor.place.address')}
          placeholder={t('eventEditor.place.addressPlaceholder')}
          leftSection={<IconMapPin size={17} stroke={1.7} />}
          value={values.inPersonLocation}
          onChange={(event) => set('inPersonLocation', event.currentTarget.value)}
          maxLength={eventLimits.location}
          error={issueOf('inPersonLocation')}
          data-testid="event-editor-address"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('eventEditor.place.tbdHint')}
        </Text>
      )}
    </EditorSection>
  );
}

/** Hosts, seats and who may see the event. */
export function PeopleSection({ values, set, issueOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <EditorSection title={t('eventEditor.people.title')}>
      <ModeratorPicker
        label={t('eventEditor.people.hosts')}
        description={t('eventEditor.people.hostsHint')}
        value={values.hosts}
        onChange={(hosts) => set('hosts', hosts)}
        max={eventLimits.hosts}
        error={issueOf('hostIds')}
        testId="event-editor-hosts"
      />
      <ParticipantsLimit
        label={t('eventEditor.people.limit')}
        isLimited={values.isLimited}
        limit={values.participantsNumberLimit}
        onChange={({ isLimited, limit }) => {
          set('isLimited', isLimited);
          set('participantsNumberLimit', limit);
        }}
        error={issueOf('participantsNumberLimit')}
        testId="event-editor-limit"
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="event-access-label">
          {t('eventEditor.people.access')}
        </Text>
        <SegmentedControl
          aria-labelledby="event-access-label"
          value={values.access}
          onChange={(value) => set('access', value === 'free' ? 'free' : 'auth')}
          data={[
            { value: 'auth', label: t('eventEditor.people.accessAuth') },
            { value: 'free', label: t('eventEditor.people.accessFree') },
          ]}
          data-testid="event-editor-access"
        />
        <Text size="xs" c="dimmed" mt={4}>
          {t(
            values.access === 'free'
              ? 'eventEditor.people.accessFreeHint'
              : 'eventEditor.people.accessAuthHint',
          )}
        </Text>
      </div>
    </EditorSection>
  );
}

/** The confirmation mail on joining, and reminders before each occurrence. */
export function NoticeSection({ values, set, issueOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <EditorSection title={t('eventEditor.notices.title')}>
      <Switch
        label={t('eventEditor.notices.confirmation')}
        description={t('eventEditor.notices.confirmationHint')}
        checked={values.isEmailConfirmationEnabled}
        onChange={(event) => set('isEmailConfirmationEnabled', event.currentTarget.checked)}
        data-testid="event-editor-confirmation"
      />
      <Switch
        label={t('eventEditor.notices.reminders')}
        description={t('eventEditor.notices.remindersHint')}
        checked={values.isReminderEnabled}
        onChange={(event) => set('isReminderEnabled', event.currentTarget.checked)}
        data-testid="event-editor-reminders-enabled"
      />
      {values.isReminderEnabled ? (
        <ReminderOffsets
          label={t('eventEditor.reminders.label')}
          value={values.reminderOffsetsInSeconds}
          onChange={(offsets) => set('reminderOffsetsInSeconds', offsets)}
          error={issueOf('reminderOffsetsInSeconds')}
          testId="event-editor-reminders"
        />
      ) : null}
    </EditorSection>
  );
}
