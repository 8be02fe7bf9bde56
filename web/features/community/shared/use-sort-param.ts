import { useSearchParams } from 'react-router';

/**
 * A list's sort kept in the address (`?sort=trends`), so back, forward and a shared link keep it; the default
 * stays out of the address.
 */
export function useSortParam<Sort extends string>(options: readonly Sort[], fallback: Sort) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('sort');
  const sort = raw && (options as readonly string[]).includes(raw) ? (raw as Sort) : fallback;
  const setSort = (next: Sort) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === fallback) {
          updated.delete('sort');
        } else {
          updated.set('sort', next);
        }
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [sort, setSort] as const;
}
