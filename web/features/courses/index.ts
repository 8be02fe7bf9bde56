// The courses' public module: the addresses of its screens.
export { coursesLinks } from './courses-links';
