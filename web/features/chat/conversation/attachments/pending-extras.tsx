import { IconChartBar, IconMicrophone, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GifImage, gifWidthOf } from './message-attachments';
import type { MessageExtras } from './message-content';
import classes from './message-attachments.module.css';

/** What a message on its way carries, until the server's copy (with its addresses) replaces it. */
export function PendingExtras({ extras }: { extras: MessageExtras }) {
  const { t } = useTranslation();
  const { attachments, gif, vote, isVoice } = extras;
  if (!gif && !vote && attachments.length === 0) {
    return null;
  }
  return (
    <div
      className={classes.content}
      style={{
        gridTemplateColumns: `minmax(0, ${gif ? gifWidthOf(gif) : 280}px)`,
      }}
      data-testid="pending-extras"
    >
      {gif ? <GifImage gif={gif} /> : null}
      {isVoice ? (
        <span className={classes.pendingLine}>
          <IconMicrophone size={15} stroke={1.8} aria-hidden="true" />
          {t('chatAttachments.voice.message')}
        </span>
      ) : (
        attachments.map((file) => (
          <span key={file.id} className={classes.pendingLine}>
            <IconPaperclip size={15} stroke={1.8} aria-hidden="true" />
            {file.name}
          </span>
        ))
      )}
      {vote ? (
        <span className={classes.pendingLine}>
          <IconChartBar size={15} stroke={1.8} aria-hidden="true" />
          {vote.question}
        </span>
      ) : null}
    </div>
  );
}
