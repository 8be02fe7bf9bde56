/** A calendar date in the reader's language: 14.07.2025 in German, Jul 14, 2025 in English. */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}
