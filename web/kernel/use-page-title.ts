import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { productName } from './brand';
import { useOptionalCurrentApp } from './current-app';
import { useHostKind } from './host-context';

/** "Anmelden · Gemeinde" on the service host, "Anmelden · Akademie" (the app's name) on an app host. */
export function usePageTitle(title: string): void {
  const kind = useHostKind();
  const { appSlug } = useParams();
  const app = useOptionalCurrentApp();
  const owner = kind === 'app' ? (app?.name ?? appSlug) : productName;
  useDocumentTitle(owner ? `${title} · ${owner}` : title);
}
