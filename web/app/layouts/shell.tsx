import { useRef, type CSSProperties, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { layout } from '../../kernel/layout-sizes';
import { useIsMobile } from '../../kernel/ui-store';
import { useSignInOnSessionEnd } from './use-sign-in-on-session-end';
import { useIsImmersiveRoute } from '../../kernel/route-handle';
import { mainContentId, useFocusPageOnNavigation } from '../../kernel/route-focus';
import { ShellFooter, type FooterLink } from './shell-footer';
import { ShellHeader, type NavItem } from './shell-header';
import { SkipLink } from './skip-link';
import classes from './shell.module.css';

export type ShellProps = {
  testId: string;
  homePath: string;
  brand: ReactNode;
  /** Named in the footer's copyright line. */
  owner: string | null;
  navItems: NavItem[];
  legalLinks: FooterLink[];
  /** The account menu in the header, when someone is signed in. */
  account?: ReactNode;
  /** Rendered instead of the routed page, e.g. by an error boundary. */
  children?: ReactNode;
};

/** Header, content container and footer; desktop and mobile variants switch on the mobile flag. */
export function Shell({
  testId,
  homePath,
  brand,
  owner,
  navItems,
  legalLinks,
  account,
  children,
}: ShellProps) {
  const isMobile = useIsMobile();
  const immersive = useIsImmersiveRoute();
  useSignInOnSessionEnd();
  const mainRef = useRef<HTMLElement>(null);
  useFocusPageOnNavigation(mainRef);
  const sizes = {
    '--shell-header-height': `${isMobile ? layout.mobileHeaderHeight : layout.headerHeight}px`,
    '--shell-footer-height': `${isMobile ? layout.mobileFooterHeight : layout.footerHeight}px`,
    '--shell-container-width': `${layout.containerWidth}px`,
  } as CSSProperties;

  return (
    <div
      className={classes.shell}
      data-testid={testId}
      data-mobile={isMobile || undefined}
      data-immersive={immersive || undefined}
      style={sizes}
    >
      <SkipLink mainRef={mainRef} />
      <ShellHeader
        homePath={homePath}
        brand={brand}
        navItems={navItems}
        isMobile={isMobile}
        account={account}
      />
      <main ref={mainRef} id={mainContentId} className={classes.main}>
        <div className={`${classes.container} ${classes.main}`}>{children ?? <Outlet />}</div>
      </main>
      <ShellFooter owner={owner} legalLinks={legalLinks} isMobile={isMobile} />
    </div>
  );
}
