import { useMemo, useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconFiles, IconFile, IconGif } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import { pickerFolderFilterValues, toPickerFolderFilter } from '../../../contracts/cloud-filters';
import type { Gif } from '../../../contracts/gifs';
import { formatBytes } from '../../../contracts/upload-size';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { useHostKind } from '../../kernel/host-context';
import { usePageTitle } from '../../kernel/use-page-title';
import { currentLanguage } from '../../i18n/i18n';
import { canInProject, useProject } from '../projects';
import { CloudPicker, type PickerTab } from './cloud-picker';
import type { CloudScope } from './cloud-scope';
import { FileVisual } from './file-visual';
import type { SelectionMode } from './selection-store';
import classes from './picker-demo-page.module.css';

type Opening = { selectionMode: SelectionMode; initialTab: PickerTab };

function ProjectPickerDemo() {
  const project = useProject();
  const scope = useMemo<CloudScope>(
    () => ({ projectId: project.id, appId: null, basePath: null }),
    [project.id],
  );
  return <PickerDemo scope={scope} hasCloudAccess={canInProject(project, 'view_files')} />;
}

function AppPickerDemo() {
  const app = useCurrentApp();
  const scope = useMemo<CloudScope>(
    () => ({ projectId: app.projectId, appId: app.id, basePath: null }),
    [app.projectId, app.id],
  );
  return <PickerDemo scope={scope} hasCloudAccess={appCan(app, 'cloud')} />;
}

/**
 * `…/picker` on both hosts: the file picker on its own, as posts, courses and messages open it. The browser
 * journeys use it, and it is the developer's reference for the picker's props.
 */
export function CloudPickerDemoPage() {
  return useHostKind() === 'app' ? <AppPickerDemo /> : <ProjectPickerDemo />;
}

function PickerDemo({ scope, hasCloudAccess }: { scope: CloudScope; hasCloudAccess: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t('cloudPicker.demo.title'));
  // The last opening's settings stay while the picker animates out.
  const [opening, setOpening] = useState<Opening>({ selectionMode: 'single', initialTab: 'cloud' });
  const [opened, setOpened] = useState(false);
  const open = (next: Opening) => {
    setOpening(next);
    setOpened(true);
  };
  const [pickType, setPickType] = useState<string>('none');
  const [files, setFiles] = useState<CloudEntity[]>([]);
  const [gif, setGif] = useState<Gif | null>(null);
  const language = currentLanguage();

  return (
    <div className={classes.page} data-testid="picker-demo">
      <header>
        <Title order={1} className={classes.title}>
          {t('cloudPicker.demo.title')}
        </Title>
        <Text c="dimmed" maw={640}>
          {t('cloudPicker.demo.lead')}
        </Text>
      </header>

      <Paper className={classes.controls} withBorder radius="lg">
        <Select
          label={t('cloudPicker.demo.pickType')}
          w={220}
          allowDeselect={false}
          value={pickType}
          onChange={(value) => setPickType(value ?? 'none')}
          data={['none', ...pickerFolderFilterValues].map((value) => ({
            value,
            label: t(`cloudPicker.demo.pickTypes.${value}`),
          }))}
          data-testid="picker-demo-type"
        />
        <Group gap="sm">
          <Button
            leftSection={<IconFiles size={18} />}
            onClick={() => open({ selectionMode: 'multiple', initialTab: 'cloud' })}
          >
            {t('cloudPicker.demo.multiple')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFile size={18} />}
            onClick={() => open({ selectionMode: 'single', initialTab: 'cloud' })}
          >
            {t('cloudPicker.demo.single')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconGif size={18} />}
            onClick={() => open({ selectionMode: 'single', initialTab: 'gif' })}
          >
            {t('cloudPicker.demo.gif')}
          </Button>
        </Group>
      </Paper>

      <section className={classes.results}>
        <Title order={2} size="h4">
          {t('cloudPicker.demo.pickedFiles')}
        </Title>
        {files.length === 0 && !gif ? (
          <Text c="dimmed" size="sm">
            {t('cloudPicker.demo.nothingPicked')}
          </Text>
        ) : null}
        {files.length > 0 ? (
          <Stack gap={6} component="ol" className={classes.list}>
            {files.map((file) => (
              <li key={file.id} className={classes.row}>
                <FileVisual entity={file} size={40} variant="table" />
                <Text size="sm" fw={600} className={classes.name} data-testid="picked-file">
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {file.fileInfo ? formatBytes(file.fileInfo.size, language) : ''}
                </Text>
              </li>
            ))}
          </Stack>
        ) : null}
        {gif ? (
          <figure className={classes.gif} data-testid="picked-gif">
            <img src={gif.previewUrl} alt={gif.title} width={gif.previewWidth || undefined} />
            <Text component="figcaption" size="sm" c="dimmed">
              {t('cloudPicker.demo.pickedGif')}: {gif.title || t('cloudPicker.gif.untitled')}
            </Text>
          </figure>
        ) : null}
      </section>

      <CloudPicker
        opened={opened}
        onClose={() => setOpened(false)}
        onApply={(picked) => {
          setFiles(picked);
          setGif(null);
        }}
        onGif={(picked) => {
          setGif(picked);
          setFiles([]);
        }}
        scope={scope}
        selectionMode={opening.selectionMode}
        initialTab={opening.initialTab}
        pickType={toPickerFolderFilter(pickType)}
        hasCloudAccess={hasCloudAccess}
      />
    </div>
  );
}
