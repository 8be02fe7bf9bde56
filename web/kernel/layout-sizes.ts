import { chunkLoadTimeoutMs, layoutPx } from '../../contracts/constants';

/** Spec §9 layout sizes in px. */
export const layout = layoutPx;

/** The mobile flag switches desktop and mobile layouts: the tablet width (spec §9) and below. */
export const mobileMediaQuery = `(max-width: ${layoutPx.tabletWidth}px)`;

/** Spec §8/§9: a lazily loaded chunk that has not arrived after 120 s is a ChunkLoadError. */
export { chunkLoadTimeoutMs };
