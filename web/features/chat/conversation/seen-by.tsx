import { useTranslation } from 'react-i18next';
import type { Chat } from '../../../../contracts/chat';
import type { ChatMessage } from '../../../../contracts/chat-messages';
import type { ChatReadMark } from '../../../../contracts/chat-read-marks';
import { readersOf } from './use-read-marks';
import classes from './seen-by.module.css';

/** Names shown before "and N others". */
const namesShown = 3;

type SeenByProps = {
  chat: Pick<Chat, 'kind'>;
  message: ChatMessage;
  marks: readonly ChatReadMark[];
};

/**
 * Under one's own message: "Gesehen" in a private chat; in a group who has read it ("Gesehen von A, B",
 * "… und 2 weiteren", "Von allen gesehen"). Nothing while nobody has.
 */
export function SeenBy({ chat, message, marks }: SeenByProps) {
  const { t } = useTranslation();
  const readers = readersOf(message, marks);
  if (readers.length === 0 || message.isDeleted) {
    return null;
  }
  const others = marks.filter((mark) => mark.profileId !== message.author?.profileId);
  const names = readers.map((reader) => reader.name);
  let text: string;
  if (chat.kind === 'private') {
    text = t('chat.seen.private');
  } else if (readers.length === others.length && others.length > 1) {
    text = t('chat.seen.all');
  } else if (names.length > namesShown) {
    text = t('chat.seen.byMore', {
      names: names.slice(0, namesShown).join(', '),
      count: names.length - namesShown,
    });
  } else {
    text = t('chat.seen.by', { names: names.join(', ') });
  }
  return (
    <div className={classes.seen} title={names.join(', ')} data-testid="message-seen">
      {text}
    </div>
  );
}
