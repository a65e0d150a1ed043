// The diagram frame's page (see src/markdown/diagram-frame-main.ts): one HTML file with Mermaid inlined,
// emitted by the script-tag build beside agent-chat.js. Inlined, because a frame with an opaque origin
// fetches module scripts and dynamic imports with CORS, which a site serving the widget's files from its own
// origin seldom answers; one classic inline script needs nothing of the server. The page's own policy lets
// only that script run (by its hash) and forbids every fetch.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';

/** FRAME_FILE of src/markdown/diagram-messages.ts (diagram.test.ts draws in the frame served by this name). */
const FRAME_FILE = 'agent-chat-diagram-frame.html';
const root = fileURLToPath(new URL('..', import.meta.url));
const entry = fileURLToPath(new URL('../src/markdown/diagram-frame-main.ts', import.meta.url));
const stub = fileURLToPath(new URL('../src/markdown/diagram-frame-stub.ts', import.meta.url));

/** The frame script: Mermaid and diagram-frame-main.ts as one minified classic script. */
async function frameScript(): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    // Left out (see diagram-frame-stub.ts): the page is one file, so each of Mermaid's lazy parts is in it.
    resolve: { alias: [{ find: /^katex$/, replacement: stub }] },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      lib: { entry, formats: ['iife'], name: 'agentChatDiagramFrame', fileName: () => 'frame.js' },
      // Mermaid loads each diagram type with import(): inlined, the page fetches nothing.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((file) => file.type === 'chunk');
  if (!chunk) throw new Error('The diagram frame build made no script: see the messages above.');
  // `</script` or `<!--` in a string would end or bend the inline script: `\x3c` is the same `<` to JS.
  return chunk.code.replace(/<(?=\/script|!--)/gi, '\\x3c');
}

/** The frame's HTML page, with its policy. */
export async function diagramFrameHtml(): Promise<string> {
  const script = await frameScript();
  const hash = createHash('sha256').update(script, 'utf8').digest('base64');
  const policy = [
    "default-src 'none'",
    `script-src 'sha256-${hash}'`,
    // Mermaid puts a <style> into each SVG it draws.
    "style-src 'unsafe-inline'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><title>agent-chat diagrams</title></head><body><script>${script}</script></body></html>\n`;
}

/** Emits the frame's page into the build, beside agent-chat.js. */
export function diagramFrame(): Plugin {
  return {
    name: 'agent-chat:diagram-frame',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: FRAME_FILE, source: await diagramFrameHtml() });
    },
  };
}

/** Serves the frame's page (built on first request) at `/${FRAME_FILE}` to the widget's browser tests. */
export function diagramFrameForTests(): Plugin {
  let html: Promise<string> | undefined;
  return {
    name: 'agent-chat:diagram-frame-for-tests',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(`/${FRAME_FILE}`, (_req, res, next) => {
        html ??= diagramFrameHtml();
        html.then(
          (page) => res.writeHead(200, { 'content-type': 'text/html' }).end(page),
          (error: unknown) => next(error),
        );
      });
    },
  };
}
