import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { productName } from './brand';
import { useHostKind } from './host-context';

/** "Anmelden · Gemeinde" on the service host, "Anmelden · akademie" on an app host. */
export function usePageTitle(title: string): void {
  const kind = useHostKind();
  const { appSlug } = useParams();
  const owner = kind === 'app' ? appSlug : productName;
  useDocumentTitle(owner ? `${title} · ${owner}` : title);
}
