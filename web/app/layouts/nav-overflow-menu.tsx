import type { ReactNode } from 'react';
import { Menu, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { NavItem } from './shell-header';

/**
 * "Mehr": the menu entries that do not fit a bar (the desktop header's row, the phone's bottom bar) in a menu of
 * their own. The button looks like the bar's entries (`className`) and is marked active while one of its entries'
 * pages is open. Nothing when every entry fits.
 */
export function NavOverflowMenu({
  hidden,
  position,
  className,
  children,
}: {
  hidden: readonly NavItem[];
  position: 'top-end' | 'bottom-end';
  className: string | undefined;
  /** The button's content. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (hidden.length === 0) {
    return null;
  }
  const active = hidden.some(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  return (
    <Menu position={position} withinPortal>
      <Menu.Target>
        <UnstyledButton className={className} data-active={active || undefined}>
          {children}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {hidden.map(({ to, label, icon: Icon, badge }) => (
          <Menu.Item
            key={to}
            leftSection={<Icon size={17} stroke={1.7} />}
            rightSection={badge}
            onClick={() => void navigate(to)}
          >
            {t(label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
