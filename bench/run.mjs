// `npm run bench` entry: loads the TypeScript bench through tsx (no build step), see bench/README.md.
import { register } from 'tsx/esm/api';

register();
await import('./bench.ts');
