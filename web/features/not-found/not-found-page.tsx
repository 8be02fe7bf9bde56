import { NotFoundMessage } from '../../components/not-found-message';

/** The `*` route: the not-found message with its link to the start page. */
export function NotFoundPage() {
  return <NotFoundMessage />;
}
