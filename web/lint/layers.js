// The web's layers (issue 12 §6), checked on every relative import after resolving it to a file of web/:
//   app (the shell: providers, router, layouts)  →  features  →  kernel · components · api · i18n
// A feature reaches another feature only through its public module (`features/<area>/index.ts`); the shell
// reads a feature's manifest (`features/<area>/<area>.routes.tsx`) or its public module. Import specifiers are
// resolved rather than pattern-matched, so `../../app/x` and `../app/x` are judged by where they land.
import path from 'node:path';
import { layerRule } from '../../lint/layer-rule.js';

const webRoot = path.dirname(path.dirname(new URL(import.meta.url).pathname));

/** Where a file of web/ sits: its layer and, inside web/features, its area and the rest of its path. */
export function placeOf(file) {
  const relative = path.relative(webRoot, file).split(path.sep).join('/');
  if (relative.startsWith('..')) {
    return { layer: 'outside' };
  }
  const [top, area, ...rest] = relative.split('/');
  if (top === 'features' && area) {
    return { layer: 'features', area, inner: rest.join('/').replace(/\.(tsx?|jsx?)$/, '') };
  }
  if (top === 'main.tsx') {
    return { layer: 'app' };
  }
  return { layer: top ?? '' };
}

const isTestFile = (file) => /\.test\.tsx?$/.test(file);
const lowLayers = new Set(['kernel', 'components', 'api', 'i18n']);

/** Why importing `target` from `file` breaks a layer rule, or null when it may. */
export function layerViolation(file, target) {
  const from = placeOf(file);
  const to = placeOf(target);
  if (lowLayers.has(from.layer) && (to.layer === 'app' || to.layer === 'features')) {
    return `web/${from.layer} sits below the app shell and the features: it may not import web/${to.layer}`;
  }
  if (from.layer === 'features' && to.layer === 'app' && !isTestFile(file)) {
    return 'a feature may not import the app shell (web/app); shared readers live in web/kernel';
  }
  if (to.layer !== 'features' || (from.layer === 'features' && from.area === to.area)) {
    return null;
  }
  const isPublic = to.inner === '' || to.inner === 'index';
  const isManifest = to.inner === `${to.area}.routes`;
  if (from.layer === 'features' && !isPublic) {
    return `use features/${to.area} through its public module (features/${to.area}/index.ts), not ${to.inner}`;
  }
  if (from.layer === 'app' && !isPublic && !isManifest) {
    return `the shell reads features/${to.area} through its manifest or its public module, not ${to.inner}`;
  }
  return null;
}

const rule = layerRule(
  'Keeps web/ in layers: app → features → kernel, components, api, i18n',
  layerViolation,
);

export const webLayersPlugin = { rules: { imports: rule } };
