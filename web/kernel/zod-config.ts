// Our Content Security Policy allows no `eval` (script-src 'self'). Zod probes for it with `new Function('')` when
// it constructs its first object schema, to compile faster parsers, and the browser reports the blocked probe as a
// CSP violation on every page. Jitless zod parses with its interpreter and never tries.
//
// The contracts construct their schemas as their modules load, so the setting must be in place before zod loads:
// zod takes `globalThis.__zod_globalConfig` as its configuration (what `z.config()` writes to). This module
// imports nothing and is main.tsx's first import, so it runs first (in the build: the first module of the start
// chunk, see vite.config.ts). e2e/page-speed.e2e.ts fails on any CSP violation.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
