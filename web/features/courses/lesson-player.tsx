import { useEffect, useRef, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { videoCompletionShare } from '../../../contracts/courses';
import type { Lesson, LessonFile, LessonVideo } from '../../../contracts/courses-lessons';
import { useInvalidateCourses, useMarkCoursesStale } from './courses-api';
import { saveLessonPosition } from './lesson-api';
import { isLessonDone } from './lesson-state';
import classes from './courses.module.css';

/** How often a playing video tells the server where it is. */
export const positionSaveIntervalMs = 5000;

type MediaProps = { lesson: Lesson; canSave: boolean };

/**
 * Resumes a library video or audio where the member left it and saves the position every 5 s while it plays, on
 * pause and when the member leaves. Once 90 % of a video lesson is watched the server completes it; the page then
 * reads the lesson again to show that.
 */
function useSavedPosition({ lesson, canSave }: MediaProps) {
  const ref = useRef<HTMLMediaElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const lastSaved = useRef<number | null>(lesson.progress?.positionSeconds ?? null);
  const invalidate = useInvalidateCourses();
  const markStale = useMarkCoursesStale();
  const done = isLessonDone(lesson.lessonAction, lesson.progress);
  const latest = useRef({ id: lesson.id, canSave, done, invalidate, markStale });
  latest.current = { id: lesson.id, canSave, done, invalidate, markStale };

  const save = (media: HTMLMediaElement | null) => {
    const { id, canSave: allowed, done: finished, invalidate: refresh, markStale: outdate } = latest.current;
    if (!media || !allowed) {
      return;
    }
    const position = Math.round(media.currentTime * 10) / 10;
    if (position === lastSaved.current) {
      return;
    }
    lastSaved.current = position;
    const duration = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : undefined;
    saveLessonPosition(id, position, duration).then(
      () => {
        if (!finished && duration && position / duration >= videoCompletionShare) {
          void refresh();
        } else {
          void outdate();
        }
      },
      () => {
        // Tried again with the next tick or pause.
        lastSaved.current = null;
      },
    );
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    if (!playing) {
      return;
    }
    const timer = window.setInterval(() => saveRef.current(ref.current), positionSaveIntervalMs);
    return () => window.clearInterval(timer);
  }, [playing]);

  // Leaving the lesson saves where the member stopped (the element outlives its ref here).
  useEffect(() => {
    const media = ref.current;
    return () => saveRef.current(media);
  }, []);

  const resumeAt = lesson.progress?.positionSeconds ?? 0;
  return {
    ref,
    onLoadedMetadata: (event: React.SyntheticEvent<HTMLMediaElement>) => {
      const media = event.currentTarget;
      const ended = Number.isFinite(media.duration) && resumeAt >= media.duration - 1;
      if (resumeAt > 0 && !ended) {
        media.currentTime = resumeAt;
      }
    },
    onPlay: () => setPlaying(true),
    onPause: (event: React.SyntheticEvent<HTMLMediaElement>) => {
      setPlaying(false);
      save(event.currentTarget);
    },
    onEnded: (event: React.SyntheticEvent<HTMLMediaElement>) => {
      setPlaying(false);
      save(event.currentTarget);
    },
  };
}

function FileVideo({ video, ...props }: MediaProps & { video: Extract<LessonVideo, { kind: 'file' }> }) {
  const { t } = useTranslation();
  const { ref, ...handlers } = useSavedPosition(props);
  if (!video.url) {
    return (
      <div className={classes.playerPending} data-testid="lesson-video-pending">
        <Text c="dimmed">{t('courses.player.encoding')}</Text>
      </div>
    );
  }
  return (
    <video
      ref={(element) => {
        ref.current = element;
      }}
      className={classes.video}
      src={video.url}
      poster={video.posterUrl ?? undefined}
      controls
      preload="metadata"
      aria-label={video.name}
      data-testid="lesson-video"
      {...handlers}
    />
  );
}

function AudioTrack({ file, ...props }: MediaProps & { file: LessonFile }) {
  const { ref, ...handlers } = useSavedPosition(props);
  return (
    <figure className={classes.audio}>
      <figcaption>{file.name}</figcaption>
      <audio
        ref={(element) => {
          ref.current = element;
        }}
        src={file.url ?? undefined}
        controls
        preload="metadata"
        aria-label={file.name}
        data-testid="lesson-audio"
        {...handlers}
      />
    </figure>
  );
}

function Gallery({ pictures }: { pictures: LessonFile[] }) {
  return (
    <ul className={classes.gallery} data-testid="lesson-gallery">
      {pictures.map((picture) => (
        <li key={picture.id}>
          <a
            href={picture.url ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            className={classes.galleryItem}
          >
            {(picture.previewUrl ?? picture.url) ? (
              <img src={picture.previewUrl ?? picture.url ?? ''} alt={picture.name} loading="lazy" />
            ) : (
              <IconPhoto size={32} stroke={1.4} aria-label={picture.name} />
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The lesson's media by its type: video (library file or YouTube / Vimeo / Loom embed), audio or pictures. */
export function LessonPlayer(props: MediaProps) {
  const { t } = useTranslation();
  const { lesson } = props;
  const [current, setCurrent] = useState(0);
  if (lesson.coverType === 'audio' && lesson.audios.length > 0) {
    // Only the first track remembers the member's place; the others are extras.
    return (
      <div className={classes.player}>
        {lesson.audios.map((file, index) => (
          <AudioTrack key={file.id} file={file} lesson={lesson} canSave={props.canSave && index === 0} />
        ))}
      </div>
    );
  }
  if (lesson.coverType === 'picture' && lesson.pictures.length > 0) {
    return <Gallery pictures={lesson.pictures} />;
  }
  const video = lesson.videos[current];
  if (!video) {
    return lesson.pictures.length > 0 ? <Gallery pictures={lesson.pictures} /> : null;
  }
  return (
    <div className={classes.player}>
      {video.kind === 'file' ? (
        <FileVideo
          key={video.fileId}
          video={video}
          lesson={lesson}
          canSave={props.canSave && current === 0}
        />
      ) : (
        <div className={classes.embed}>
          <iframe
            src={video.embedUrl}
            title={t('courses.player.embedTitle', { name: lesson.name })}
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            data-testid="lesson-embed"
          />
        </div>
      )}
      {lesson.videos.length > 1 ? (
        <Group gap="xs" mt="sm" role="group" aria-label={t('courses.player.videos')}>
          {lesson.videos.map((item, index) => (
            <Button
              key={item.kind === 'file' ? item.fileId : item.url}
              size="xs"
              variant={index === current ? 'filled' : 'default'}
              aria-pressed={index === current}
              onClick={() => setCurrent(index)}
            >
              {t('courses.player.videoNumber', { number: index + 1 })}
            </Button>
          ))}
        </Group>
      ) : null}
    </div>
  );
}
