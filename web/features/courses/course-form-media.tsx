import { Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CommunityProfileSummary } from '../../../contracts/community-spaces';
import { courseLimits, type Course } from '../../../contracts/courses';
import type { CourseType } from '../../../contracts/enums';
import type { CropRatio } from '../cloud';
import { ModeratorPicker, PictureField, type Picture } from '../community-settings';

/** The course form's cover and speakers (COURSES-02): the picture and the members shown on the course. */
export type CourseMediaValues = {
  cover: Picture | null;
  speakers: CommunityProfileSummary[];
  isSpeakersShown: boolean;
};

export function courseMediaValues(course: Course | null): CourseMediaValues {
  return {
    cover: course?.cover
      ? { id: course.cover.id, url: course.cover.previewUrl ?? course.cover.tileUrl }
      : null,
    // A speaker carries one name; the picker shows first and last name joined.
    speakers: (course?.speakers ?? []).map(({ id, name, avatarUrl }) => ({
      id,
      firstName: name,
      lastName: '',
      avatarUrl,
    })),
    isSpeakersShown: course?.isSpeakersShown ?? true,
  };
}

export function courseMediaBody({ cover, speakers, isSpeakersShown }: CourseMediaValues) {
  return { coverId: cover?.id ?? null, speakerIds: speakers.map(({ id }) => id), isSpeakersShown };
}

/**
 * The catalogue's cards show a cover at 16:9 and the course page a wider band; a podcast's cover is also the
 * feed's picture, which podcast apps want square.
 */
const coverRatiosOf = (type: CourseType): readonly CropRatio[] =>
  type === 'podcast' ? ['1:1'] : ['16:9', '5:2'];

type FieldProps = {
  values: CourseMediaValues;
  onChange: (values: Partial<CourseMediaValues>) => void;
  issueOf: (field: string) => string | null;
};

export function CourseCoverField({ type, values, onChange, issueOf }: FieldProps & { type: CourseType }) {
  const { t } = useTranslation();
  const podcast = type === 'podcast';
  return (
    <PictureField
      label={t('courses.form.cover')}
      hint={t(podcast ? 'courses.form.coverPodcastHint' : 'courses.form.coverHint')}
      value={values.cover}
      onChange={(cover) => onChange({ cover })}
      ratios={coverRatiosOf(type)}
      frameRatio={podcast ? 1 : 16 / 9}
      error={issueOf('coverId')}
      testId="course-form-cover"
    />
  );
}

export function CourseSpeakerFields({ values, onChange, issueOf }: FieldProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <ModeratorPicker
        label={t('courses.form.speakers')}
        description={t('courses.form.speakersHint', { max: courseLimits.speakers })}
        value={values.speakers}
        onChange={(speakers) => onChange({ speakers })}
        max={courseLimits.speakers}
        error={issueOf('speakerIds')}
        testId="course-form-speakers"
      />
      {values.speakers.length > 0 ? (
        <Switch
          label={t('courses.form.speakersShown')}
          description={t('courses.form.speakersShownHint')}
          checked={values.isSpeakersShown}
          onChange={(event) => onChange({ isSpeakersShown: event.currentTarget.checked })}
        />
      ) : null}
    </Stack>
  );
}
