// The articles' public module: the addresses of its screens. Light: no screen code comes along.
export { articlesLinks } from './articles-links';
