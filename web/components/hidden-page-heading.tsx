import type { ReactNode } from 'react';
import classes from './hidden-page-heading.module.css';

/**
 * The page's `h1` where the design already names the page in another form (the project switcher, the library's
 * breadcrumb): screen readers find the page by it, and the focus moves to it after a navigation.
 */
export function HiddenPageHeading({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <h1 className={classes.heading} data-testid={testId}>
      {children}
    </h1>
  );
}
