import { loadConfig } from './config/config.js';
import type { ProxyEnv } from './config/proxy-env.js';
import { createProxy } from './routes/create-proxy.js';
import { deleteExpired } from './transcripts/retention.js';

/** Model streams kept for resuming (docs/adr/0011); wrangler.jsonc binds it as `STREAMS`. */
export { StreamStore } from './streams/stream-store.js';
/** The rate-limit and credit Durable Object; wrangler.jsonc binds it as `USAGE`. */
export { UsageCounter } from './usage/usage-counter.js';

/**
 * The deployed Worker (wrangler.jsonc `main`): the proxy with default options, and the cron trigger
 * that deletes transcripts older than `TRANSCRIPTS_RETENTION_DAYS` (nothing to do while they are off).
 */
export default {
  fetch: createProxy(),
  async scheduled(controller, env) {
    const transcripts = loadConfig(env).transcripts;
    if (transcripts === undefined) return;
    const deleted = await deleteExpired(transcripts, controller.scheduledTime);
    console.log(
      JSON.stringify({
        level: 'info',
        msg: 'transcripts_retention',
        deleted,
        days: transcripts.retentionDays,
      }),
    );
  },
} satisfies ExportedHandler<ProxyEnv>;
