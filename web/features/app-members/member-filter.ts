import { useSearchParams } from 'react-router';
import { memberTypeValues, type MemberType } from '../../../contracts/enums';
import type { MemberFilter } from './members-api';

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filter in the address (`?role=admin&q=anna&tags=…&from=…&to=…&invited=1&page=2`), so it can be shared. */
export function filterOf(params: URLSearchParams): MemberFilter {
  const role = params.get('role');
  const invited = params.get('invited');
  const page = Number(params.get('page'));
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return datePattern.test(value) ? value : '';
  };
  return {
    role: memberTypeValues.includes(role as MemberType) ? (role as MemberType) : null,
    search: params.get('q') ?? '',
    tagIds: (params.get('tags') ?? '').split(',').filter((id) => uuidPattern.test(id)),
    createdFrom: date('from'),
    createdTo: date('to'),
    invited: invited === '1' ? true : invited === '0' ? false : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function writeFilter(params: URLSearchParams, filter: MemberFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => {
    if (value) {
      next.set(name, value);
    } else {
      next.delete(name);
    }
  };
  set('role', filter.role);
  set('q', filter.search);
  set('tags', filter.tagIds.join(','));
  set('from', filter.createdFrom);
  set('to', filter.createdTo);
  set('invited', filter.invited === null ? null : filter.invited ? '1' : '0');
  set('page', filter.page > 1 ? String(filter.page) : null);
  return next;
}

/** How many of the drawer's filters are set (the badge on the filter button). */
export function activeFilterCount(filter: MemberFilter): number {
  return [
    filter.tagIds.length > 0,
    filter.createdFrom !== '',
    filter.createdTo !== '',
    filter.invited !== null,
  ].filter(Boolean).length;
}

/** The list's filter from the address, and a setter that starts again at page 1 unless a page is given. */
export function useMemberFilter() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const setFilter = (changes: Partial<MemberFilter>) =>
    setParams((current) => writeFilter(current, { ...filterOf(current), page: 1, ...changes }), {
      replace: true,
    });
  const openProfile = (profileId: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (profileId) {
        next.set('profile', profileId);
      } else {
        next.delete('profile');
      }
      return next;
    });
  return { filter, setFilter, profileId: params.get('profile'), openProfile };
}
