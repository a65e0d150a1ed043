import { gzipSync } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin, type Rollup } from 'vite';

/**
 * Ceiling per chunk (gzip): dist/agent-chat.js is Lit + core + the element, about 67 KB of which zod is
 * about 40 KB (core's defineTool); the Markdown engine (marked + DOMPurify) is a separate chunk of 27 KB.
 * Raise it on purpose, not by accident. 70 000 → 76 000 when the providers issue's model resolution and
 * quirks landed in core (71.8 KB), then 82 000 with the supervisor runtime (80.1 KB); the way down is core's
 * tool validation without zod (issue 8's 45 KB goal). 83 000 when `mcp-servers` was wired (the MCP loader and
 * choice fields of elicitation forms, 0.7 KB; the MCP SDK itself is a lazy chunk). The ceiling applies to
 * development builds too (Lit's dev build, as tests without NODE_ENV=production make: 82.2 KB).
 */
const MAX_GZIP_BYTES = 83_000;

/**
 * The script-tag build: one minified ESM file, dist/agent-chat.js, with Lit and @agent-chat/core bundled,
 * that defines <agent-chat> and exports the public API.
 */
export default defineConfig({
  // Workspace packages are read from source (see "exports" in packages/core/package.json).
  resolve: { conditions: ['@agent-chat/source', ...defaultClientConditions] },
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
        // the entry imports statically, and the script tag would load several files. The first group holds
        // the entry module, so the group IS the entry chunk. The tokenizers' shared encoder stays lazy.
        codeSplitting: {
          groups: [
            { name: 'agent-chat', test: (id: string) => id.endsWith('/src/script-tag.ts') },
            { name: 'agent-chat', minShareCount: 2, test: (id: string) => !id.includes('gpt-tokenizer') },
          ],
        },
      },
    },
  },
  plugins: [browserBundleGuard()],
});

/** The code of a chunk and of every chunk it imports statically, transitively. */
function staticClosure(fileName: string, bundle: Rollup.OutputBundle, seen = new Set<string>()): string[] {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return [];
  seen.add(fileName);
  return [chunk.code, ...chunk.imports.flatMap((name) => staticClosure(name, bundle, seen))];
}

/** Fails the build when the bundle would import Node modules or outgrow its size ceiling. */
function browserBundleGuard(): Plugin {
  return {
    name: 'agent-chat:browser-bundle-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const nodeImports = [...chunk.imports, ...chunk.dynamicImports].filter((id) => !(id in bundle));
        const stubbed = Object.keys(chunk.modules).filter((id) => id.includes('__vite-browser-external'));
        if (nodeImports.length || stubbed.length)
          this.error(
            `${chunk.fileName} must run in a browser but imports ${[...nodeImports, ...stubbed].join(', ')}: find the Node-only import (a stubbed Node built-in shows as __vite-browser-external) and keep it out of the browser entry.`,
          );
        // The ceiling is for what every page downloads: the entry and the chunks it imports statically.
        // Lazy chunks (the tokenizers memory loads for OpenAI models, local-model engines) are fetched
        // only by pages that use them.
        if (!chunk.isEntry) continue;
        const gzip = staticClosure(chunk.fileName, bundle).reduce(
          (sum, code) => sum + gzipSync(code).length,
          0,
        );
        if (gzip > MAX_GZIP_BYTES)
          this.error(`${chunk.fileName} is ${gzip} bytes gzipped, over the ${MAX_GZIP_BYTES}-byte ceiling.`);
      }
    },
  };
}
