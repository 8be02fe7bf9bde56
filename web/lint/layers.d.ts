import type { ESLint } from 'eslint';

export declare function layerViolation(file: string, target: string): string | null;
export declare const webLayersPlugin: ESLint.Plugin;
