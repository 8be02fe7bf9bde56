/**
 * The date inputs of @mantine/dates, with dayjs's German locale registered before they render (they format with
 * the locale of their `locale` prop; web/i18n/dayjs.ts). The lint sends every import of @mantine/dates through here.
 */
import '../i18n/dayjs';

export { DateInput, TimeInput } from '@mantine/dates';
