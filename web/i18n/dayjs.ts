/**
 * dayjs with the app's languages registered (English is built in), for the screens that use it: the date pickers
 * of @mantine/dates format with the dayjs locale named in their `locale` prop, and the event editor writes its
 * dates the same way. The screens pass the language themselves (`locale={i18n.language}`,
 * `dayjs(date).locale(i18n.language)`), so nothing here follows the language switch.
 *
 * Not in the app's start: dayjs and its German locale cost 8–10 ms of every first load on this project's CI
 * machines (issue 14, a CPU profile of the sign-in page), and only the event editor, the library's search and the
 * members' moderation use them. The lint forbids importing `dayjs` anywhere else (eslint.config.js).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/de';

export { dayjs };
