import { useState } from 'react';
import { Badge, Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { helpdeskSearchQuery } from './helpdesk-api';
import { helpdeskLinks } from './helpdesk-links';
import { HighlightedText } from './highlighted-text';
import classes from './helpdesk.module.css';

/**
 * The help desk's search box, first on its home: results appear while the member types (debounced), ranked, the
 * matched words marked. The results are a list of links below the box; a polite live region says how many.
 */
export function HelpdeskSearch() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const search = useQuery({ ...helpdeskSearchQuery(app.id, q), placeholderData: keepPreviousData });
  const hits = q ? (search.data ?? []) : [];
  const asked = q.length > 0 && !search.isPending;

  return (
    <div className={classes.search} role="search">
      <TextInput
        type="search"
        size="lg"
        radius="xl"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        label={t('helpdesk.search.label')}
        labelProps={{ className: classes.visuallyHidden }}
        placeholder={t('helpdesk.search.placeholder')}
        leftSection={<IconSearch size={20} stroke={1.8} aria-hidden="true" />}
        rightSection={search.isFetching && q ? <Loader size="xs" aria-hidden="true" /> : null}
        aria-describedby="helpdesk-search-status"
        maxLength={200}
        data-testid="helpdesk-search"
      />
      <p id="helpdesk-search-status" className={classes.visuallyHidden} aria-live="polite">
        {asked ? t('helpdesk.search.status', { count: hits.length }) : ''}
      </p>
      {asked ? (
        hits.length === 0 ? (
          <p className={classes.searchNone} data-testid="helpdesk-search-none">
            {t('helpdesk.search.none', { q })}
          </p>
        ) : (
          <ul className={classes.results} data-testid="helpdesk-search-results">
            {hits.map((hit) => (
              <li key={hit.id} className={classes.result}>
                <Link
                  to={helpdeskLinks.article(app.slug, hit.categorySlug, hit.slug)}
                  className={classes.resultLink}
                  data-testid="helpdesk-search-hit"
                >
                  <span className={classes.resultTitle}>
                    <HighlightedText pieces={hit.title} />
                  </span>
                  {!hit.isPublished ? (
                    <Badge size="xs" variant="light" color="gray" ml={8}>
                      {t('helpdesk.article.draft')}
                    </Badge>
                  ) : null}
                </Link>
                <span className={classes.resultMeta}>{hit.categoryName}</span>
                <p className={classes.resultSnippet}>
                  <HighlightedText pieces={hit.snippet} />
                </p>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
