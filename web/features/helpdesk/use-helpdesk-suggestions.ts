import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HelpdeskHighlight } from '../../../contracts/helpdesk';
import { useCurrentApp } from '../../kernel/current-app';
import { helpdeskSearchQuery } from './helpdesk-api';
import { helpdeskLinks } from './helpdesk-links';

export type HelpdeskSuggestion = {
  id: string;
  name: string;
  categoryName: string;
  /** The article's address in the app (`/{appSlug}/helpdesk/{categorySlug}/{articleSlug}`). */
  path: string;
  /** Highlighted pieces of the body: `mark` pieces matched (show them in `<mark>`). */
  snippet: HelpdeskHighlight;
};

/** Texts shorter than this ask nothing: one or two letters match half the help desk. */
const minLength = 3;

/**
 * Help-desk articles that may answer `text` while a member types (the tickets form, the support widget): the
 * search for any of its words (a request is a whole sentence, whose every word no article holds), debounced, its
 * top `limit` hits with their paths. Nothing while the app's help desk is off or the text is short; `isLoading`
 * only while a first answer for the text is on its way.
 */
export function useHelpdeskSuggestions(
  text: string,
  options: { limit?: number; delay?: number } = {},
): { suggestions: HelpdeskSuggestion[]; isLoading: boolean } {
  const app = useCurrentApp();
  const [debounced] = useDebouncedValue(text.trim().slice(0, 200), options.delay ?? 300);
  const asks = app.services.helpdesk && debounced.length >= minLength;
  const query = useQuery({
    ...helpdeskSearchQuery(app.id, debounced, options.limit ?? 5, 'any'),
    enabled: asks,
    placeholderData: keepPreviousData,
  });
  const suggestions = asks
    ? (query.data ?? []).map((hit) => ({
        id: hit.id,
        name: hit.name,
        categoryName: hit.categoryName,
        path: helpdeskLinks.article(app.slug, hit.categorySlug, hit.slug),
        snippet: hit.snippet,
      }))
    : [];
  return { suggestions, isLoading: asks && query.isLoading };
}
