/// <reference types="node" />
// `npx @agent-chat/core knowledge build <docs folder or manifest.json> --out <folder> [--base-url <url>]`
import { AgentChatError } from '../../agent-chat-error.js';
import { buildKnowledge } from './build-knowledge.js';

const USAGE =
  'Usage: agent-chat knowledge build <docs folder or manifest.json> --out <folder> [--base-url <url>] ' +
  '[--chunk-size <n>] [--chunk-overlap <n>]';

/** Runs the command line; resolves with the exit code (messages go to `log` and `error`). */
export async function runKnowledgeCli(
  argv: readonly string[],
  io: { log: (line: string) => void; error: (line: string) => void } = console,
): Promise<number> {
  const [command, sub, input, ...rest] = argv;
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) flags.set(rest[i]!, rest[i + 1] ?? '');
  const out = flags.get('--out');
  if (command !== 'knowledge' || sub !== 'build' || !input || !out) {
    io.error(USAGE);
    return 2;
  }
  const number = (flag: string) => (flags.has(flag) ? Number(flags.get(flag)) : undefined);
  const size = number('--chunk-size');
  const overlap = number('--chunk-overlap');
  try {
    const result = await buildKnowledge({
      input,
      out,
      ...(flags.has('--base-url') ? { baseUrl: flags.get('--base-url')! } : {}),
      ...(size !== undefined || overlap !== undefined
        ? {
            chunking: {
              ...(size !== undefined ? { size } : {}),
              ...(overlap !== undefined ? { overlap } : {}),
            },
          }
        : {}),
    });
    io.log(
      `Built ${out}: ${result.root.documents} documents, ${result.root.chunks} chunks, ${result.root.shards} term shards, ` +
        `${result.files} files, ${result.bytes} bytes. Point the widget at it: knowledge="<its URL>/".`,
    );
    return 0;
  } catch (error) {
    io.error(error instanceof AgentChatError ? error.message : String(error));
    return 1;
  }
}
