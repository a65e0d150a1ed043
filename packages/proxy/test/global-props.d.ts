// Tells @cloudflare/workers-types which module is the Worker's main module, so that
// `exports.default` from "cloudflare:workers" is typed in tests, and which bindings `env` has
// (what `wrangler types` would generate).
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import('../src/worker');
  }
  interface Env {
    USAGE: DurableObjectNamespace<import('../src/usage/usage-counter').UsageCounter>;
    STREAMS: DurableObjectNamespace<import('../src/streams/stream-store').StreamStore>;
    TRANSCRIPTS_DB: D1Database;
    UNMIGRATED_DB: D1Database;
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
  }
}

// Recorded provider streams (test/fixtures), imported as text by Vite's `?raw`.
declare module '*.sse?raw' {
  const text: string;
  export default text;
}
