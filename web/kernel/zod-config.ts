import { z } from 'zod';

// Our Content Security Policy allows no `eval` (script-src 'self'). Zod would probe for it with `new Function('')`
// on its first object parse to compile faster parsers, which the browser reports as a CSP violation on every page.
// Jitless zod parses with its interpreter and never tries. Imported first by main.tsx, before any parse.
z.config({ jitless: true });
