import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../kernel/use-page-title';
import { FullPageMessage } from './full-page-message';
import classes from './not-found-message.module.css';

type NotFoundMessageProps = {
  actions?: ReactNode;
  fullScreen?: boolean;
};

/** The not-found state, shared by the `*` route and the error boundary's 404. */
export function NotFoundMessage({ actions, fullScreen }: NotFoundMessageProps) {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <FullPageMessage
      data-testid="not-found"
      fullScreen={fullScreen}
      illustration={
        <div className={classes.code} aria-hidden="true">
          404
        </div>
      }
      title={t('notFound.title')}
      text={t('notFound.text')}
      actions={actions}
    />
  );
}
