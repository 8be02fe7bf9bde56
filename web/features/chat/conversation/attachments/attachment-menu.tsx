import { lazy, Suspense, useRef, useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconChartBar, IconCloud, IconGif, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatGif } from '../../../../../contracts/chat-messages';
import type { CloudEntity } from '../../../../../contracts/cloud';
import type { Vote } from '../../../../../contracts/community-posts';
import { loadChunk } from '../../../../kernel/chunk';
import { PollDialog } from './poll-dialog';

// The library's picker (with its GIF tab) is its own chunk, loaded on the first opening only.
const CloudPicker = lazy(async () => ({
  default: (await loadChunk(() => import('../../../cloud'))).CloudPicker,
}));

type Dialog = 'cloud' | 'gif' | 'poll';

export type AttachmentMenuProps = {
  appId: string;
  projectId: string;
  /** The app's `cloud` ability: files of My files and uploads from the device. */
  withFiles: boolean;
  /** Polls are for group chats only. */
  withPoll: boolean;
  /** No room for another file (`chatLimits.attachments`). */
  full: boolean;
  onPicked: (files: CloudEntity[]) => void;
  onUpload: (files: File[]) => void;
  onGif: (gif: ChatGif) => void;
  onPoll: (vote: Vote) => void;
};

/**
 * The composer's attachment button (issue 17): files of My files or the GIF search in the library's picker,
 * files from the device (uploaded at once), and in group chats a poll.
 */
export function AttachmentMenu(props: AttachmentMenuProps) {
  const { appId, projectId, withFiles, withPoll, full, onPicked, onUpload, onGif, onPoll } = props;
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const close = () => setDialog(null);

  return (
    <>
      <Menu position="top-start" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={40}
            radius="xl"
            aria-label={t('chatAttachments.menu.open')}
            data-testid="attachment-menu"
          >
            <IconPaperclip size={20} stroke={1.8} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {withFiles ? (
            <>
              <Menu.Item
                leftSection={<IconCloud size={17} stroke={1.7} />}
                onClick={() => setDialog('cloud')}
                disabled={full}
                data-testid="attachment-cloud"
              >
                {t('chatAttachments.menu.cloud')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconUpload size={17} stroke={1.7} />}
                onClick={() => fileInput.current?.click()}
                disabled={full}
                data-testid="attachment-upload"
              >
                {t('chatAttachments.menu.upload')}
              </Menu.Item>
            </>
          ) : null}
          <Menu.Item
            leftSection={<IconGif size={17} stroke={1.7} />}
            onClick={() => setDialog('gif')}
            data-testid="attachment-gif"
          >
            {t('chatAttachments.menu.gif')}
          </Menu.Item>
          {withPoll ? (
            <Menu.Item
              leftSection={<IconChartBar size={17} stroke={1.7} />}
              onClick={() => setDialog('poll')}
              data-testid="attachment-poll"
            >
              {t('chatAttachments.menu.poll')}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {withFiles ? (
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            // The same file may be chosen again later.
            event.currentTarget.value = '';
            if (files.length > 0) {
              onUpload(files);
            }
          }}
          data-testid="attachment-file-input"
        />
      ) : null}
      {dialog === 'cloud' || dialog === 'gif' ? (
        <Suspense fallback={null}>
          <CloudPicker
            opened
            onClose={close}
            scope={{ projectId, appId, basePath: null }}
            selectionMode="multiple"
            initialTab={dialog}
            hasCloudAccess={withFiles && !full}
            onApply={onPicked}
            onGif={(gif) =>
              onGif({ id: gif.id, title: gif.title, url: gif.url, width: gif.width, height: gif.height })
            }
          />
        </Suspense>
      ) : null}
      {withPoll ? (
        <PollDialog appId={appId} opened={dialog === 'poll'} onClose={close} onCreated={onPoll} />
      ) : null}
    </>
  );
}
