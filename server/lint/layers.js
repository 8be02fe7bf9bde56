// The server's layers (issue 12 §6), checked on every relative import after resolving it to a file:
//   contracts            imports nothing of ours (the server and the web both build on it)
//   server/platform, db  import no feature
//   server/features/<a>  reaches another feature only through its public module (features/<b>/public.ts),
//                        never its repositories, services' internals or presenters
//   server entry files   (app.ts, worker.ts, main.ts …) read a feature's manifest (index.ts) or public module
// Tests, the test helpers in server/test and the features' tenant fixtures may reach anything: they set up
// data the way they need.
import path from 'node:path';
import { layerRule } from '../../lint/layer-rule.js';
import { tablesRule } from './tables.js';

const root = path.dirname(path.dirname(path.dirname(new URL(import.meta.url).pathname)));

/** Where a file sits: contracts, server/<top>, server/features/<area>/<inner>, or elsewhere. */
export function placeOf(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  const [top, second, area, ...rest] = relative.split('/');
  if (top === 'contracts') {
    return { layer: 'contracts' };
  }
  if (top !== 'server' || !second) {
    return { layer: 'outside' };
  }
  if (second === 'features' && area) {
    return { layer: 'features', area, inner: rest.join('/').replace(/\.(ts|js|mjs)$/, '') };
  }
  if (second.endsWith('.ts')) {
    return { layer: 'entry' };
  }
  return { layer: second };
}

// A feature's tenant fixture (`<area>.fixture.ts`) is test code too: only the route-table suites load it.
const isTestFile = (file) => /\.(test|fixture)\.ts$/.test(file) || /[\\/]server[\\/]test[\\/]/.test(file);

/** Why importing `target` from `file` breaks a layer rule, or null when it may. */
export function layerViolation(file, target) {
  if (isTestFile(file)) {
    return null;
  }
  const from = placeOf(file);
  const to = placeOf(target);
  if (from.layer === 'contracts') {
    return to.layer === 'contracts'
      ? null
      : 'contracts import nothing of ours: the server and the web build on them';
  }
  if ((from.layer === 'platform' || from.layer === 'db') && to.layer === 'features') {
    return `server/${from.layer} sits below the features: it may not import server/features/${to.area}`;
  }
  if (to.layer !== 'features' || (from.layer === 'features' && from.area === to.area)) {
    return null;
  }
  if (from.layer === 'features' && to.inner !== 'public') {
    return `use features/${to.area} through its public module (features/${to.area}/public.ts), not ${to.inner}`;
  }
  if (from.layer === 'entry' && to.inner !== 'index' && to.inner !== 'public') {
    return `read features/${to.area} through its manifest (index.ts) or public module, not ${to.inner}`;
  }
  return null;
}

const rule = layerRule(
  'Keeps the server in layers: contracts ← platform, db ← features (through public.ts)',
  layerViolation,
);

export const serverLayersPlugin = { rules: { imports: rule, tables: tablesRule } };
