import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BuildOptions } from 'esbuild';
import { AGENT_CHAT, type BenchContext, type Benchmark, type Measurement } from '../lib/benchmark.ts';
import { peerSubject } from '../lib/installed-version.ts';
import { coreFirstToolCall } from './core-first-tool-call.ts';
import { BROWSER, bundle, WORKER } from './esbuild-bundle.ts';
import { firstChat } from './first-chat.ts';
import { remoteAgentRows } from './first-chat-remote.ts';
import { FIRST_CHAT_SCENARIOS } from './first-chat-scenarios.ts';
import { REACT_WRAPPER_DESCRIPTION, reactWrapper } from './react-wrapper.ts';
import { viteBundle } from './vite-bundle.ts';
import { widgetScriptTag } from './widget-build.ts';

const here = import.meta.dirname;
const PEERS_EXTERNAL: BuildOptions = {
  ...BROWSER,
  external: [...(BROWSER.external ?? []), 'ai', '@ai-sdk/*', '@ag-ui/*', 'rxjs'],
};
const entry = (name: string) => join(here, 'entries', name);
/** First-chat scenarios whose lazy chunks (math, diagrams) also get a row of their own. */
const LAZY_FEATURES = new Set(['_math', '_diagram']);

/** One thing to measure: its bytes, or undefined when it does not exist yet (after saying so). */
interface Subject {
  /** What is measured, in metric names: `core_base`, `widget_script_tag`, `proxy_worker`. */
  target: string;
  subject: () => string;
  bytes: (context: BenchContext) => Promise<Uint8Array | undefined>;
}

/**
 * Bundles `entryFile` (default: `required` itself) when the package source it measures, `required`
 * (relative to the repository root), exists; otherwise skips, naming it.
 */
function bundleIfPresent(required: string, options: BuildOptions, entryFile?: string) {
  return async (context: BenchContext) => {
    const file = join(context.root, required);
    if (existsSync(file)) return bundle(entryFile ?? file, options);
    context.skip(`${required} does not exist yet.`);
    return undefined;
  };
}

// Pairs share a target: core base vs the AI SDK (a streamed tool loop against an OpenAI-style API),
// script-tag widget vs deep-chat (a chat web component loaded from one script).
const SUBJECTS: Subject[] = [
  {
    target: 'core_base',
    subject: () => AGENT_CHAT,
    bytes: bundleIfPresent('packages/core/src/index.ts', BROWSER, entry('core-base.ts')),
  },
  {
    target: 'core_base',
    subject: () => peerSubject(here, 'ai', '@ai-sdk/openai'),
    bytes: () => bundle(entry('ai-sdk.ts'), BROWSER),
  },
  // The same pair bundled by Vite, as most SPAs build: esbuild's code splitting imports every shared chunk
  // a re-exported module lands in (evanw/esbuild#2922), Vite's bundler only those whose code is used.
  {
    target: 'core_base_vite',
    subject: () => AGENT_CHAT,
    bytes: () => viteBundle(entry('core-base.ts')),
  },
  {
    target: 'core_base_vite',
    subject: () => peerSubject(here, 'ai', '@ai-sdk/openai'),
    bytes: () => viteBundle(entry('ai-sdk.ts')),
  },
  {
    target: 'widget_script_tag',
    subject: () => AGENT_CHAT,
    bytes: async (context) => widgetScriptTag(context),
  },
  {
    target: 'widget_script_tag',
    subject: () => peerSubject(here, 'deep-chat'),
    bytes: () => bundle(entry('deep-chat.ts'), BROWSER),
  },
  // Optional entry points of core, each on its own (what it adds beside the base); their peers (ai,
  // @ai-sdk/provider, @ag-ui/client, rxjs) are the app's, so they stay external.
  {
    target: 'core_ai_sdk',
    subject: () => AGENT_CHAT,
    bytes: bundleIfPresent('packages/core/src/ai-sdk/index.ts', PEERS_EXTERNAL),
  },
  {
    target: 'core_ag_ui',
    subject: () => AGENT_CHAT,
    bytes: bundleIfPresent('packages/core/src/ag-ui/index.ts', PEERS_EXTERNAL),
  },
  // The MCP hub alone (core's `McpHub` and what it imports statically, the MCP SDK client included):
  // what a page's first MCP tool call downloads besides the core base.
  {
    target: 'core_mcp_hub',
    subject: () => AGENT_CHAT,
    bytes: bundleIfPresent('packages/core/src/mcp/mcp-hub.ts', BROWSER, entry('core-mcp-hub.ts')),
  },
  { target: 'widget_react_wrapper', subject: () => AGENT_CHAT, bytes: reactWrapper },
  {
    target: 'proxy_worker',
    subject: () => AGENT_CHAT,
    bytes: bundleIfPresent('packages/proxy/src/worker.ts', WORKER),
  },
];

export const benchmark: Benchmark = {
  description:
    'Bytes a user downloads: esbuild bundles (browser, ESM, minified, tree-shaken, ES2022) measured raw and gzip -9. ' +
    'core_base: `createAgent`, `openAICompatible`, `defineTool` from @agent-chat/core vs `streamText`, `tool`, `stepCountIs` ' +
    'from ai + `createOpenAI` from @ai-sdk/openai. core_base_vite: the same two entries built by Vite (production build, its default ' +
    "minifier, ES2022), the entry chunk and the chunks it imports statically, because esbuild's code splitting also imports every shared " +
    'chunk a re-exported but unused module lands in (evanw/esbuild#2922) and most SPAs build with Vite. widget_script_tag: packages/widget/dist/agent-chat.js as `vite build` ' +
    "ships it (Lit and core included) vs `import 'deep-chat'` bundled. proxy_worker: packages/proxy/src/worker.ts " +
    '(platform neutral), no peer. ' +
    REACT_WRAPPER_DESCRIPTION +
    'core_ai_sdk / core_ag_ui: the @agent-chat/core/ai-sdk and /ag-ui entry points alone, ' +
    'their peers (ai, @ai-sdk/provider, @ag-ui/client, rxjs) external, no peer row. core_mcp_hub: `McpHub` from @agent-chat/core alone with everything it imports statically (the MCP SDK client, its transport and schema validation): the MCP chunk of a first MCP tool call. first_chat_gzip_bytes: what a page with only the script tag and <agent-chat proxy-url model> downloads from the widget build before ' +
    'its first answer renders (entry + every lazy chunk the first send loads), observed in Chromium; first_chat_gzip_bytes_remote_agent(_ag_ui): the same for <agent-chat agent-url agent-protocol="ai-sdk" | "ag-ui"> answered in that protocol; deep-chat: not observed but copied from its ' +
    'min_gzip_bytes_widget_script_tag row, because deep-chat is one file that a page downloads whole before anything renders, so its whole bundle is what its first chat costs. ' +
    'First chat is measured in three scenarios, each counted the same way: a plain Markdown answer (first_chat_gzip_bytes, the goal), ' +
    'an answer with a fenced code block, once highlighted (_code_block), a page tool call whose stage is done before the answer (_tool_call), ' +
    'an answer with a formula typeset by KaTeX (_math) and one with a Mermaid diagram drawn (_diagram); lazy_gzip_bytes_math / _diagram: the chunks those two answers loaded beyond the plain one (deep-chat has no row for them). ' +
    'The answer actions (copy, feedback, regenerate), which load once an answer has finished, are not counted in any of them, by their chunk name: ' +
    'with a code block their request sometimes began before the highlighting ended, which made that row vary by 4.6 KB between runs. ' +
    'core_first_tool_call: a page importing the core base (the same three names) that runs one turn with a tool call and its answer in Chromium, ' +
    'bundled with the same options; every chunk the page requested by the answer, concatenated and gzipped as core_base is (its few lines of page code included).',
  method:
    'Deterministic byte counts (no timing). Every subject goes through the same esbuild (bench dependency) call: ' +
    'browser platform (the Worker: neutral), ESM, minified, tree-shaken, ES2022, code splitting on; the bytes counted ' +
    'are the entry chunk and every chunk it imports statically (a dynamic import() is downloaded only when used, so it ' +
    'is not counted), then gzip -9 of the same bytes. Peers are the versions installed for bench/ (named in the ' +
    'table); the widget is its own `vite build` output, rebuilt when older than its sources.',
  async run(context) {
    const rows: Measurement[] = [];
    for (const { target, subject, bytes } of SUBJECTS) {
      let name = target;
      try {
        const who = subject();
        name = `${who} ${target}`;
        const code = await bytes(context);
        if (!code) continue;
        const gzip = gzipSync(code, { level: 9 }).byteLength;
        rows.push(
          { subject: who, metric: `min_bytes_${target}`, value: code.byteLength, unit: 'bytes' },
          { subject: who, metric: `min_gzip_bytes_${target}`, value: gzip, unit: 'bytes' },
        );
        context.log(`${name}: ${code.byteLength} bytes minified, ${gzip} gzip -9`);
      } catch (error) {
        context.fail(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // Core base plus what its first tool call loads (the schema validator and any other lazy chunk).
    try {
      const code = await coreFirstToolCall();
      const gzip = gzipSync(code.bytes, { level: 9 }).byteLength;
      rows.push(
        {
          subject: AGENT_CHAT,
          metric: 'min_bytes_core_first_tool_call',
          value: code.bytes.byteLength,
          unit: 'bytes',
        },
        { subject: AGENT_CHAT, metric: 'min_gzip_bytes_core_first_tool_call', value: gzip, unit: 'bytes' },
      );
      context.log(
        `agent-chat core first tool call: ${code.bytes.byteLength} bytes minified, ${gzip} gzip -9 (${code.files.map((f) => `${f.name} ${f.bytes}`).join(', ')})`,
      );
    } catch (error) {
      context.fail(`core first tool call: ${error instanceof Error ? error.message : String(error)}`);
    }
    // First chat: what a page downloads before its first answer renders. deep-chat is one file, so its
    // first chat is its whole bundle (measured above as widget_script_tag).
    try {
      let plain: Set<string> | undefined;
      for (const scenario of FIRST_CHAT_SCENARIOS) {
        const ours = await firstChat(context, scenario);
        if (!ours) continue;
        const metric = `first_chat_gzip_bytes${scenario.suffix}`;
        rows.push({ subject: AGENT_CHAT, metric, value: ours.gzip, unit: 'bytes' });
        context.log(
          `agent-chat first chat, ${scenario.label}: ${ours.gzip} gzip -9 bytes (${ours.files.map((f) => `${f.name} ${f.gzip}`).join(', ')})`,
        );
        if (!scenario.suffix) plain = new Set(ours.files.map((f) => f.name));
        // Math and diagrams: their chunks on their own (what the answer loaded beyond a plain answer).
        if (plain && LAZY_FEATURES.has(scenario.suffix)) {
          const extra = ours.files.filter((f) => !plain!.has(f.name));
          const value = extra.reduce((sum, f) => sum + f.gzip, 0);
          rows.push({
            subject: AGENT_CHAT,
            metric: `lazy_gzip_bytes${scenario.suffix}`,
            value,
            unit: 'bytes',
          });
          context.log(
            `agent-chat${scenario.suffix} chunks: ${value} gzip -9 bytes (${extra.map((f) => f.name).join(', ')})`,
          );
        }
      }
      rows.push(...(await remoteAgentRows(context)));
      const deep = rows.find(
        (r) => r.subject !== AGENT_CHAT && r.metric === 'min_gzip_bytes_widget_script_tag',
      );
      if (deep)
        for (const { suffix } of FIRST_CHAT_SCENARIOS.filter((s) => !LAZY_FEATURES.has(s.suffix)))
          rows.push({
            subject: deep.subject,
            metric: `first_chat_gzip_bytes${suffix}`,
            value: deep.value,
            unit: 'bytes',
          });
    } catch (error) {
      context.fail(`first chat: ${error instanceof Error ? error.message : String(error)}`);
    }
    return rows;
  },
};
