import type { ComponentType } from 'react';
import {
  IconAlignLeft,
  IconCalendar,
  IconCheckbox,
  IconLetterT,
  IconLink,
  IconListCheck,
  IconNumber123,
  IconSelector,
} from '@tabler/icons-react';
import type { CustomFieldType } from '../../../contracts/custom-fields';

export const fieldTypeIcons: Record<CustomFieldType, ComponentType<{ size?: number; stroke?: number }>> = {
  text: IconLetterT,
  textarea: IconAlignLeft,
  number: IconNumber123,
  select: IconSelector,
  multiselect: IconListCheck,
  checkbox: IconCheckbox,
  date: IconCalendar,
  url: IconLink,
};
