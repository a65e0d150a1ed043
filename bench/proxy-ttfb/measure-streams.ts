/** Time to first byte of each stream and how many streams arrived whole. */
export interface StreamTimings {
  ttfbMs: number[];
  completed: number;
  failures: string[];
}

/** The page origin the bench's requests come from; on the proxies' ALLOWED_ORIGINS. */
export const BENCH_ORIGIN = 'http://127.0.0.1:5173';
/** The model the bench asks for; the proxies' one allowed model (MODELS). */
export const BENCH_MODEL = 'scripted-model';

/**
 * The proxy's safe defaults stay on in the bench (model allowlist, max_tokens clamp, rate limit and
 * daily credits counted in the Durable Object on every request); only the limits are raised so the
 * bench's thousand requests a minute from one client are not refused.
 */
export const BENCH_PROXY_VARS = {
  MODELS: BENCH_MODEL,
  RATE_LIMIT_PER_MINUTE: '1000000',
  DAILY_CREDITS: '1000000000',
  // All clients together (issue 39): the cold-client rows send a new client per request.
  DEPLOYMENT_DAILY_CREDITS: '1000000000',
};

const BODY = JSON.stringify({
  model: BENCH_MODEL,
  stream: true,
  messages: [{ role: 'user', content: 'hello' }],
});

/**
 * Sends `count` streaming chat requests to `baseURL` (all at once when `concurrent`, else one after
 * another), timing each from just before `fetch` to its first body chunk, then reading it to the
 * end and checking it finished with `data: [DONE]`. Each request is bounded by a 30 s timeout.
 */
export async function measureStreams(
  baseURL: string,
  count: number,
  concurrent: boolean,
  /** Extra headers per request, e.g. a new `CF-Connecting-IP` each time (a client the proxy has not seen). */
  headers: () => Record<string, string> = () => ({}),
): Promise<StreamTimings> {
  const timings: StreamTimings = { ttfbMs: [], completed: 0, failures: [] };
  const one = async () => {
    const started = performance.now();
    try {
      const response = await fetch(`${baseURL}/chat/completions`, {
        method: 'POST',
        // The proxy serves only allowed browser origins (no Origin and no client token: 403).
        headers: { 'Content-Type': 'application/json', Origin: BENCH_ORIGIN, ...headers() },
        body: BODY,
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok || response.body === null) {
        throw new Error(`HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let first = true;
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (first) {
          timings.ttfbMs.push(performance.now() - started);
          first = false;
        }
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      if (!text.includes('data: [DONE]')) throw new Error('stream ended without [DONE]');
      timings.completed += 1;
    } catch (error) {
      timings.failures.push(error instanceof Error ? error.message : String(error));
    }
  };
  if (concurrent) await Promise.all(Array.from({ length: count }, one));
  else for (let i = 0; i < count; i++) await one();
  return timings;
}

/** The `p`-th percentile (0–100) by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
