import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { focusPageStart, mainContentId } from '../../kernel/route-focus';
import classes from './shell.module.css';

/**
 * The first thing a keyboard reaches on every page (WCAG 2.4.1): it jumps over the header and its menus to
 * the page's heading. Hidden until focused.
 */
export function SkipLink({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${mainContentId}`}
      className={classes.skipLink}
      data-testid="skip-link"
      onClick={(event) => {
        // Focus, not a hash change: the router owns the address.
        event.preventDefault();
        if (mainRef.current) {
          focusPageStart(mainRef.current, { scroll: true });
        }
      }}
    >
      {t('common.skipToContent')}
    </a>
  );
}
