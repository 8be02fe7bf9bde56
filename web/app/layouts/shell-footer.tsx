import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../kernel/client-config';
import classes from './shell.module.css';

export type FooterLink = {
  /** i18n key */
  label: string;
  href: string;
};

type ShellFooterProps = {
  /** Who the copyright line names: the product on the service host, the app on an app host. */
  owner: string | null;
  legalLinks: FooterLink[];
  isMobile: boolean;
};

export function ShellFooter({ owner, legalLinks, isMobile }: ShellFooterProps) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer}>
      <div className={`${classes.container} ${classes.footerInner}`}>
        <span>{owner ? t('common.footer.copyright', { year, owner }) : null}</span>
        <div className={classes.footerLinks}>
          {legalLinks.length > 0 ? (
            <nav aria-label={t('common.footer.legal')} className={classes.footerLinks}>
              {legalLinks.map((link) => (
                <a
                  key={link.href}
                  href={link.href}
                  className={classes.footerLink}
                  target="_blank"
                  rel="noreferrer"
                >
                  {t(link.label)}
                </a>
              ))}
            </nav>
          ) : null}
          {config && !isMobile ? (
            <span>{t('common.footer.version', { version: config.version })}</span>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
