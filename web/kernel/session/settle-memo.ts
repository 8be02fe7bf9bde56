/**
 * What start-up has already done for the session: the one restore, and each stash code's one exchange.
 * Kept apart from settle.ts so tests can start every case from a fresh page load without loading the API.
 */
export const settleMemo: { restoring: Promise<void> | null; exchanges: Map<string, Promise<void>> } = {
  restoring: null,
  exchanges: new Map(),
};

export function resetSessionSettling(): void {
  settleMemo.restoring = null;
  settleMemo.exchanges.clear();
}
