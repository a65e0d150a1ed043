import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin, type Rollup } from 'vite';
import { diagramFrame } from './scripts/diagram-frame.ts';

/**
 * Ceiling per chunk (gzip): dist/agent-chat.js is Lit + core + the element; the Markdown engine is a separate
 * lazy chunk of 4 KB. Raise it on purpose, not by accident. History: 70 000 →
 * 76 000 (providers' model resolution), 82 000 (supervisor runtime, 80.1 KB, zod ≈ 40 KB of it), then
 * 45 000 (issue 8's goal) when core dropped zod for Standard Schema + @cfworker/json-schema (44.2 KB), then
 * 47 000 when MCP lazy loading (+0.5 KB) and reasoning streams with stream timeouts (+1.5 KB) landed (46.2 KB),
 * then 49 000 for the code interpreter and image stages (highlighted code, image open/download, the three
 * attributes, rich tool output kept with the conversation and restored after a reload: +2.1 KB, 48.3 KB; the
 * tools themselves and Pyodide stay in lazy chunks), then 50 000 for the Turnstile bot check (49.1 KB), then 27 500 (26.9 KB) when JSON Schema validation, the views
 * of tool work (stages, forms, rich content, model downloads) and the highlighter's language map became lazy chunks,
 * then 27 100 (27,012 B) for the run log held back until an answer has shown (+0.1 KB here, −0.6 KB on the first
 * chat) and tool views' early statuses (the hook that loads their chunk, +68 B).
 * What a page downloads before its first answer is guarded as a whole by the bundle-size bench.
 */
const MAX_GZIP_BYTES = 27_100;

/** Modules of the lazy `schema` chunk: JSON Schema validation (see codeSplitting below). */
const SCHEMA_MODULES =
  /@cfworker[\\/]json-schema|core[\\/]src[\\/]tools[\\/](?:json-schema-check|json-schema-type)\.ts/;

/**
 * Modules of the lazy `schema-errors` chunk: the fast JSON Schema check, which says what is wrong with a value.
 * Loaded by arguments the yes-or-no check rejects, MCP tools, forms and workflows, not by good arguments.
 */
const SCHEMA_ERRORS_MODULES =
  /core[\\/]src[\\/]tools[\\/](?:json-schema-soon|json-schema-fast|schema-problems)\.ts$/;

/**
 * Modules of the lazy `tool-content` chunk: a tool result's rich content (images, tables, widgets) as the model
 * reads it and the conversation keeps it; loaded with the first tool that returns some.
 */
const TOOL_CONTENT_MODULES =
  /core[\\/]src[\\/](?:tools[\\/](?:stored-content|tool-output)|model[\\/]widget-text)\.ts$/;

/** Modules of the lazy `structured` chunk: JSON mode, workflows and the supervisor (see codeSplitting below). */
const STRUCTURED_MODULES =
  /core[\\/]src[\\/]agent[\\/](?:workflow-definition|workflow-json-schema|plan-workflow-spec|workflow-template|supervisor-decision|structured-output|extract-json)\.ts/;

/** Mermaid and the libraries it draws with (see codeSplitting below). */
const DIAGRAM_MODULES =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:mermaid|@mermaid-js|@iconify|@braintree|cytoscape[\w-]*|d3[\w-]*|dagre[\w-]*|dayjs|dompurify|es-toolkit|khroma|lodash-es|marked|roughjs|ts-dedent|langium|chevrotain|@chevrotain|vscode-[\w-]+|stylis|uuid|internmap|delaunator|robust-predicates|points-on-[\w-]+|path-data-parser|hachure-fill)[\\/]/;

/**
 * Modules of the lazy `tool-call` chunk: running tool calls (with the repeated-calls check, and the look at a
 * result's shape that keeps the format negotiation for results with a table) and checking their arguments (the
 * yes-or-no check; what says why arguments are wrong is `schema-errors`, and @cfworker/json-schema stays in `schema`)
 * (see codeSplitting below). Resuming a paused run (core's resume.ts) is a chunk of its own: a first tool call
 * never resumes.
 */
const TOOL_CALL_MODULES =
  /core[\\/]src[\\/](?:tools[\\/](?:execute-tool-call|tool-args-check|json-schema-valid|code-points)|context[\\/](?:tool-output-shape|tool-model-text)|agent[\\/](?:turn-tools|tool-context|recovery[\\/]repeat-watch))\.ts$/;

/** The widget's side of the `tool-call` chunk: a call's stage in the transcript and its views. */
const TOOL_VIEW_MODULES =
  /\/widget\/src\/(?:transcript-model\/call-stages|transcript\/(?:tool-views|stage-view|lazy-chunk)|tool-view\/stage-view-directive|shared\/view-context)\.ts$/;

/**
 * Modules of the lazy `agent-chunk` chunk beside the agent runtime's own (src/agent/agent-chunk.ts and what only
 * it reaches): the run's memory, which core loads with each run. Loaded by every first send, so one file, not two.
 * (agent-chunk.ts also reaches the conversations' IndexedDB store, so the store joins the shared chunk that
 * every first send and the remote agents' path load, rather than a file of its own: −350 B gzip on a first chat.)
 */
const FIRST_SEND_MODULES =
  /widget[\\/]src[\\/]agent[\\/]agent-chunk\.ts$|core[\\/]src[\\/](?:memory[\\/](?:run-memory|dual-track|fit-context|retrieve-full-context-tool|entry-ids)|context[\\/]context-budget-error)\.ts$/;

/** Modules that several lazy chunks share and a plain first answer never runs (see codeSplitting below). */
const LAZY_SHARED_MODULES =
  /core[\\/]src[\\/](?:tools[\\/]csv|model[\\/]collect-text|agent[\\/](?:structured-output-error|unknown-request-error)|missing-dependency)\.ts$|widget[\\/]src[\\/]conversations[\\/]checkpoint-marks\.ts$/;

/**
 * `embedder="transformers"` loads transformers.js (with onnxruntime-web) from its CDN build, the version core
 * is tested with: bundled, its inlined WASM would make two 72 MB chunks (page and worker) of the script-tag
 * build. npm users bundle the package themselves (an optional peer dependency of core).
 */
const transformersVersion: string = JSON.parse(
  readFileSync(new URL('../core/package.json', import.meta.url), 'utf8'),
).devDependencies['@huggingface/transformers'];
const TRANSFORMERS_CDN = `https://cdn.jsdelivr.net/npm/@huggingface/transformers@${transformersVersion}/dist/transformers.min.js`;

/**
 * The script-tag build: one minified ESM file, dist/agent-chat.js, with Lit and @agent-chat/core bundled,
 * that defines <agent-chat> and exports the public API.
 */
export default defineConfig({
  // Workspace packages are read from source (see "exports" in packages/core/package.json).
  resolve: {
    conditions: ['@agent-chat/source', ...defaultClientConditions],
    // The code interpreter's optional `import('pyodide')` (for its default CDN version) gets a stub here.
    alias: [
      {
        find: /^pyodide$/,
        replacement: fileURLToPath(new URL('./src/tools/pyodide-stub.ts', import.meta.url)),
      },
      { find: /^@huggingface\/transformers$/, replacement: TRANSFORMERS_CDN },
    ],
  },
  // Relative URLs: the embedder's worker file is found next to the chunk that starts it, wherever a site
  // serves agent-chat.js from.
  base: './',
  // The attribute-name check stays out of this build (see src/agent-chat.ts).
  define: { __AGENT_CHAT_SCRIPT_TAG__: 'true' },
  worker: {
    format: 'es',
    // Like the lazy chunks: beside agent-chat.js with its prefix, so one static route serves them all.
    rolldownOptions: { output: { entryFileNames: 'agent-chat-[name]-[hash].js' } },
  },
  build: {
    target: 'es2022',
    minify: true,
    sourcemap: true,
    lib: {
      entry: 'src/script-tag.ts',
      formats: ['es'],
      fileName: () => 'agent-chat.js',
    },
    rolldownOptions: {
      // Lets code shared with lazy chunks (memory, tokenizers) stay in agent-chat.js instead of a separate
      // common chunk, so the script tag still loads one file.
      preserveEntrySignatures: 'allow-extension',
      // Vite keeps whitespace and /*#__PURE__*/ comments in ES libraries for the app bundlers that re-bundle
      // them; this file is loaded as is by a <script type="module">, so minify it fully.
      output: {
        minify: { codegen: true },
        comments: { annotation: false },
        // Lazy chunks sit next to agent-chat.js and share its prefix, so one static route serves them all.
        chunkFileNames: 'agent-chat-[name]-[hash].js',
        // Code that two or more chunks share (e.g. zod and core's errors, used by the entry, memory and the
        // MCP chunk) goes into agent-chat.js itself: rolldown would otherwise emit it as a common chunk that
        // the entry imports statically, and the script tag would load several files. The `agent-chat` group
        // holds the entry module, so the group IS the entry chunk. The tokenizers' shared encoder stays lazy.
        codeSplitting: {
          groups: [
            // Errors that only a failed model call or tool throws (core's call-errors.ts): a chunk of their own
            // that the agent runtime imports, not the entry's. Before the entry's group, which takes every
            // module the entry reaches (errors.ts re-exports them).
            {
              name: 'call-errors',
              test: (id: string) => /\/core\/src\/call-errors\.ts$/.test(id),
              includeDependenciesRecursively: false,
            },
            { name: 'agent-chat', test: (id: string) => id.endsWith('/src/script-tag.ts') },
            // JSON Schema validation: shared by several lazy chunks (tool calls, workflows, reflection, MCP,
            // knowledge), needed by none for a plain first answer, so its own chunk rather than the shared one
            // every first send loads.
            {
              name: 'schema',
              test: (id: string) => SCHEMA_MODULES.test(id),
              includeDependenciesRecursively: false,
            },
            {
              name: 'schema-errors',
              test: (id: string) => SCHEMA_ERRORS_MODULES.test(id),
              includeDependenciesRecursively: false,
            },
            // JSON mode, workflow plans and the supervisor's decisions, around that validation: shared by the
            // chunks that plan or answer in JSON, never by a page tool's first call (checked by the fast check).
            {
              name: 'structured',
              test: (id: string) => STRUCTURED_MODULES.test(id),
              includeDependenciesRecursively: false,
            },
            // Shared by lazy chunks that a plain first answer never loads: MCP sign-in (the MCP chunk, the popup
            // callback and the redirect-return chunk), the missing-engine error (web-llm, transformers.js, pdf.js, Pyodide) and
            // the widget's own errors (client token, knowledge, page tools). Each its own small chunk, so the
            // shared chunk every first send loads does not carry them.
            {
              name: 'mcp-sign-in',
              // Only the two leaf modules (no imports) the sign-in chunks share: grouping the whole auth
              // folder made chunks import each other, and a redirect sign-in then failed to resume.
              test: (id: string) => /\/core\/src\/mcp\/auth\/(redirect-return|sign-in-channel)\.ts$/.test(id),
              includeDependenciesRecursively: false,
            },
            {
              name: 'optional-errors',
              test: (id: string) =>
                /\/(core\/src\/missing-dependency-error|widget\/src\/shared\/widget-errors)\.ts$/.test(id),
              includeDependenciesRecursively: false,
            },
            // Remote agents (agent-url): the run loop and the widget's wiring in one chunk; each protocol's
            // driver (with `ai` or `@ag-ui/client`) stays a chunk of its own, loaded only for that protocol.
            {
              name: 'remote',
              test: (id: string) => /\/core\/src\/remote\/[^/]+\.ts$|\/widget\/src\/remote\//.test(id),
              includeDependenciesRecursively: false,
            },
            // Running tool calls (the built-in loop's, a remote agent's page tools, workflows) and drawing them (the
            // transcript's handling of call events, the stage views): loaded with the first tool call, so not the
            // shared chunk a plain first answer loads. One file, not two: a page tool's first call needs both, and
            // one gzip stream is 334 B smaller than two (a restored conversation's stages, or a remote agent's
            // backend tool, then loads the code that runs calls too: 3.4 KB more on those paths).
            {
              name: 'tool-call',
              test: (id: string) => TOOL_CALL_MODULES.test(id) || TOOL_VIEW_MODULES.test(id),
              includeDependenciesRecursively: false,
            },
            {
              name: 'tool-content',
              test: (id: string) => TOOL_CONTENT_MODULES.test(id),
              includeDependenciesRecursively: false,
            },
            // The MCP SDK (v2: the hub's client and the MCP Apps host's protocol layer share it): a chunk of
            // its own that only MCP chunks import, never the shared one every first send loads.
            {
              name: 'mcp-sdk',
              test: (id: string) =>
                /[\\/]node_modules[\\/].*@modelcontextprotocol[\\/](client|core)[\\/]/.test(id),
              includeDependenciesRecursively: false,
            },
            // The SSE parser the MCP SDK and the remote agents' `ai` driver share: its own small chunk, so
            // the shared one every first send loads does not carry it.
            {
              name: 'sse-parser',
              test: (id: string) => /[\\/]node_modules[\\/].*[\\/]eventsource-parser[\\/]/.test(id),
              includeDependenciesRecursively: false,
            },
            // zod and PKCE, used by the MCP SDK: a chunk of their own, never the shared one every first send loads.
            {
              name: 'mcp-shared',
              test: (id: string) => /[\\/]node_modules[\\/].*[\\/](zod|pkce-challenge)[\\/]/.test(id),
              includeDependenciesRecursively: false,
            },
            // Memory's summaries and roll-ups of older history: a conversation's second run loads them (and a
            // long turn's summarizer), a first chat never does; without this group the summary, which both use,
            // joined the shared chunk every first send loads.
            {
              name: 'history-compaction',
              test: (id: string) =>
                /\/core\/src\/memory\/(extractive-summary|roll-up|history-compaction)\.ts$/.test(id),
              includeDependenciesRecursively: false,
            },
            // Mermaid's libraries, shared by its diagram chunks: loaded with the first diagram, never by a
            // plain first answer (without this group they joined the shared chunk every first send loads).
            {
              name: 'diagram-shared',
              minShareCount: 2,
              test: (id: string) => DIAGRAM_MODULES.test(id),
              includeDependenciesRecursively: false,
            },
            // Code that lazy chunks share but a plain first answer never runs (CSV, tool output, structured
            // output's errors…): a chunk of its own, so the shared chunk every first send loads does not carry it.
            {
              name: 'shared',
              minShareCount: 2,
              test: (id: string) => LAZY_SHARED_MODULES.test(id),
              includeDependenciesRecursively: false,
            },
            {
              name: 'agent-chat',
              minShareCount: 2,
              test: (id: string) => !id.includes('gpt-tokenizer') && !DIAGRAM_MODULES.test(id),
            },
            // What every first send loads besides the shared chunk: the agent runtime and the run's memory, one
            // file (with the run log, three gzip streams were 1 KB more than one). After the shared group, so
            // what other chunks share stays there and this takes the rest of what these modules import.
            {
              name: 'agent-chunk',
              test: (id: string) => FIRST_SEND_MODULES.test(id),
            },
          ],
        },
      },
    },
  },
  // diagramFrame: the sandboxed frame's page Mermaid draws in (agent-chat-diagram-frame.html).
  plugins: [relativeWorkerUrls(), browserBundleGuard(), diagramFrame()],
});

/**
 * `base: './'` makes the worker's URL `new URL('agent-chat-…-worker.js', import.meta.url)`: correct, but a
 * bare name reads like a package import to tools (the dist guard of the packed package). Spell it `./…`.
 */
function relativeWorkerUrls(): Plugin {
  return {
    name: 'agent-chat:relative-worker-urls',
    apply: 'build',
    renderChunk(code) {
      const fixed = code.replace(/new URL\((['"`])(agent-chat-[\w.-]+\.js)\1,/g, 'new URL($1./$2$1,');
      return fixed === code ? null : { code: fixed, map: null };
    },
  };
}

/** Fails the build when the bundle would import Node modules or zod, or outgrow its size ceiling. */
function browserBundleGuard(): Plugin {
  return {
    name: 'agent-chat:browser-bundle-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        // An https: import is a CDN module loaded at run time (transformers.js), not a Node one.
        const nodeImports = [...chunk.imports, ...chunk.dynamicImports].filter(
          (id) => !(id in bundle) && !id.startsWith('https://'),
        );
        const stubbed = Object.keys(chunk.modules).filter((id) => id.includes('__vite-browser-external'));
        if (nodeImports.length || stubbed.length)
          this.error(
            `${chunk.fileName} must run in a browser but imports ${[...nodeImports, ...stubbed].join(', ')}: find the Node-only import (a stubbed Node built-in shows as __vite-browser-external) and keep it out of the browser entry.`,
          );
        // What every page downloads: the entry and the chunks it imports statically. Lazy chunks (the Markdown
        // engine, MCP, tokenizers, local-model engines) are fetched only by pages that use them.
        if (!chunk.isEntry) continue;
        const closure = staticClosure(chunk.fileName, bundle);
        // Core validates with Standard Schema + @cfworker/json-schema; zod here means a core file imports it again.
        const zod = closure
          .flatMap((c) => Object.keys(c.modules))
          .filter((id) => /[/\\]node_modules[/\\].*[/\\]zod[/\\]/.test(id));
        if (zod.length)
          this.error(
            `${chunk.fileName} bundles zod (${zod[0]}, …): core must not import zod; use fromJSONSchema or Standard Schema types.`,
          );
        const gzip = closure.reduce((sum, c) => sum + gzipSync(c.code).length, 0);
        if (gzip > MAX_GZIP_BYTES)
          this.error(`${chunk.fileName} is ${gzip} bytes gzipped, over the ${MAX_GZIP_BYTES}-byte ceiling.`);
      }
    },
  };
}

/** The chunk and every chunk it imports statically, transitively. */
function staticClosure(fileName: string, bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  const seen = new Map<string, Rollup.OutputChunk>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (chunk?.type !== 'chunk' || seen.has(name)) return;
    seen.set(name, chunk);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return [...seen.values()];
}
