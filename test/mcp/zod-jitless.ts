// Imported first by browser-entry.ts, before anything that builds zod schemas: what a page with a
// strict CSP does (see the core README). Otherwise zod (used by the MCP SDK) probes
// `new Function` once to pick its fast path, and the browser reports the blocked probe.
import { config } from 'zod';

config({ jitless: true });
