import { Badge, Skeleton } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { NotFoundMessage } from '../../../components/not-found-message';
import { appCan, useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { useIsMobile } from '../../../kernel/ui-store';
import { categoriesQuery } from '../community-api';
import { communityLinks } from '../community-links';
import { ComposerHost } from '../composer';
import navClasses from '../layout/groups-layout.module.css';
import classes from './communities.module.css';

/** The categories as links: a column beside the content on the desktop, a row of chips on phones. */
function CategoriesNav() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const categories = useQuery(categoriesQuery(app.id));
  const all = communityLinks.communities(app.slug);
  const links = [
    { id: 'all', to: all, name: t('community.communities.all'), count: null as number | null },
    ...(categories.data ?? []).map((category) => ({
      id: category.id,
      to: communityLinks.category(app.slug, category.slug),
      name: category.name,
      count: category.postsCount,
    })),
  ];
  const isActive = (to: string) =>
    to === all ? pathname === all : pathname === to || pathname.startsWith(`${to}/`);
  return (
    <nav
      className={isMobile ? classes.chips : navClasses.nav}
      aria-label={t('community.communities.navLabel')}
      data-testid="categories-nav"
    >
      {categories.isPending && !isMobile ? (
        <div className={navClasses.navSkeleton} role="status" aria-label={t('community.loading')}>
          {[60, 45, 52].map((width) => (
            <Skeleton key={width} height={14} width={`${width}%`} radius="xl" />
          ))}
        </div>
      ) : null}
      {links.map((link) => {
        const active = isActive(link.to);
        return (
          <Link
            key={link.id}
            to={link.to}
            className={isMobile ? classes.chip : navClasses.navLink}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            {isMobile ? null : (
              <span className={navClasses.feedMark} aria-hidden="true">
                {link.id === 'all' ? (
                  <IconLayoutGrid size={16} stroke={1.8} />
                ) : (
                  link.name.trim().charAt(0).toUpperCase()
                )}
              </span>
            )}
            <span className={isMobile ? undefined : navClasses.navLabel}>{link.name}</span>
            {link.count !== null && !isMobile ? (
              <Badge size="sm" variant="light" color="gray" className={navClasses.counter}>
                {format.number(link.count)}
              </Badge>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

/** The communities area (spec §2 communities, categories and their posts). */
export function CommunitiesLayout() {
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  if (!app.services.communities && !appCan(app, 'edit')) {
    return <NotFoundMessage />;
  }
  return (
    <div className={navClasses.layout} data-mobile={isMobile || undefined} data-testid="communities-layout">
      {isMobile ? (
        <CategoriesNav />
      ) : (
        <div className={navClasses.side}>
          <CategoriesNav />
        </div>
      )}
      <div className={navClasses.content}>
        <Outlet />
      </div>
      <ComposerHost />
    </div>
  );
}
