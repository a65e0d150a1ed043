// Tells @cloudflare/workers-types which module is the Worker's main module, so that
// `exports.default` from "cloudflare:workers" is typed in tests (what `wrangler types` would generate).
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import('../src/worker');
  }
}
