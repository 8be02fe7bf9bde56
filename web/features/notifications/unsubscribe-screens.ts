// The unsubscribe page's lazy chunk: it stands alone, without any shell.
export { UnsubscribePage } from './unsubscribe/unsubscribe-page';
