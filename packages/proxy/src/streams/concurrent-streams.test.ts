import { env as bindings } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { chatRequest, proxyRequest, stubUpstream, testEnv, withExecutionContext } from '../../test/harness';
import { createProxy } from '../routes/create-proxy';
import { STREAM_ID_HEADER } from './stream-id';
import { MAX_KEPT_BYTES } from './stream-store';

const STREAMS = 200;
const EVENTS = 6;

function answer(index: number): string {
  let text = '';
  for (let event = 0; event < EVENTS; event++)
    text += `data: {"choices":[{"delta":{"content":"stream ${index} part ${event}"}}]}\n\n`;
  return `${text}data: [DONE]\n\n`;
}

function upstreamBody(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    async pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      await scheduler.wait(1);
      controller.enqueue(bytes.subarray(offset, offset + 193));
      offset += 193;
    },
  });
}

it(`keeps ${STREAMS} concurrent streams through one proxy: none lost, each whole on resume`, async () => {
  let served = 0;
  stubUpstream(() => {
    const index = served++;
    return new Response(upstreamBody(answer(index)), { headers: { 'Content-Type': 'text/event-stream' } });
  });
  const proxy = withExecutionContext(createProxy());
  const env = testEnv({ STREAMS: bindings.STREAMS });
  const ip = '192.0.2.200';
  const responses = await Promise.all(
    Array.from({ length: STREAMS }, () =>
      proxy.call(chatRequest({ headers: { 'X-Resumable': '1', 'CF-Connecting-IP': ip } }), env),
    ),
  );
  // Half the pages go away at once (a reload); the others read their answers.
  const texts = await Promise.all(
    responses.map((response, index) =>
      index % 2 === 0 ? response.body!.cancel().then(() => '') : response.text(),
    ),
  );
  await proxy.settled();
  const ids = responses.map((response) => response.headers.get(STREAM_ID_HEADER)!);
  expect(new Set(ids).size).toBe(STREAMS);
  const resumed = await Promise.all(
    ids.map(async (id) =>
      (
        await proxy.call(proxyRequest(`/v1/streams/${id}`, { headers: { 'CF-Connecting-IP': ip } }), env)
      ).text(),
    ),
  );
  const bodies = new Set(resumed);
  expect(bodies.size).toBe(STREAMS);
  for (const [index, text] of resumed.entries()) {
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    if (index % 2 === 1) expect(text).toBe(texts[index]);
    expect(text.length).toBeLessThan(MAX_KEPT_BYTES);
  }
  expect(served).toBe(STREAMS);
  // What the stores hold: each stream its own bytes, bounded by MAX_KEPT_BYTES whatever the answer.
  const states = await Promise.all(
    ids.map((id) => bindings.STREAMS.get(bindings.STREAMS.idFromName(id)).state()),
  );
  const kept = states.map((state) => state?.bytes ?? 0);
  expect(states.every((state) => state?.complete)).toBe(true);
  console.info(
    `issue 42: ${STREAMS} streams kept, ${kept.reduce((a, b) => a + b, 0)} bytes in all, at most ${Math.max(...kept)} per stream`,
  );
}, 60_000);
