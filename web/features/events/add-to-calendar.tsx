import { Button, Menu } from '@mantine/core';
import {
  IconBrandGoogle,
  IconBrandWindows,
  IconCalendarPlus,
  IconChevronDown,
  IconDownload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Event } from '../../../contracts/events';
import { notifyError } from '../../api/notify-error';
import { downloadEventIcs } from './events-api';

const webCalendars = [
  { name: 'google', icon: IconBrandGoogle },
  { name: 'outlook', icon: IconBrandWindows },
] as const;

/** "Zum Kalender hinzufügen": the series' .ics file, or this occurrence in Google or Outlook on the web. */
export function AddToCalendar({ event }: { event: Event }) {
  const { t } = useTranslation();
  const links = event.calendarLinks;
  const download = () => {
    downloadEventIcs(event.id, `${event.slug}.ics`).catch(notifyError);
  };
  return (
    <Menu position="bottom-start" shadow="md" radius="md" width={260}>
      <Menu.Target>
        <Button
          variant="default"
          fullWidth
          leftSection={<IconCalendarPlus size={18} stroke={1.8} />}
          rightSection={<IconChevronDown size={16} stroke={1.8} />}
          data-testid="event-add-to-calendar"
        >
          {t('events.addToCalendar.label')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconDownload size={16} stroke={1.8} />}
          onClick={download}
          data-testid="event-ics"
        >
          {t('events.addToCalendar.ics')}
        </Menu.Item>
        {links === null
          ? null
          : webCalendars.map(({ name, icon: Icon }) => (
              <Menu.Item
                key={name}
                component="a"
                href={links[name]}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<Icon size={16} stroke={1.8} />}
              >
                {t(`events.addToCalendar.${name}`)}
              </Menu.Item>
            ))}
      </Menu.Dropdown>
    </Menu>
  );
}
