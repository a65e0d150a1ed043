import { LOOKUP_TEA_CALL_CHUNKS } from './lookup-tea-call.ts';

/** One first-chat scenario: what the page adds, how the model answers, and what shows the answer rendered. */
export interface FirstChatScenario {
  /** Metric suffix: `first_chat_gzip_bytes` + suffix. */
  suffix: string;
  /** What the README says it is. */
  label: string;
  /** The `<agent-chat>` element, when not the default `proxy-url` + `model` one (its backend is `http://127.0.0.1:9`). */
  element?: string;
  /** HTML after the `<agent-chat>` element (e.g. a script giving it page tools). */
  pageExtra: string;
  /** The OpenAI-style SSE body for a request body (a tool call first, then an answer, for the tool scenario). */
  stream(body: string): string;
  /** Inside `agent-chat`: selectors that all appear once the scenario's first answer has rendered fully. */
  rendered: string[];
}

const sse = (chunks: object[]) =>
  chunks
    .map(
      (chunk) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: 'gpt-4o-mini', ...chunk })}\n\n`,
    )
    .concat('data: [DONE]\n\n')
    .join('');

/** An answer streamed in pieces, then `stop`. */
const answer = (...pieces: string[]) =>
  sse([
    ...pieces.map((content, i) => ({
      choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content } : { content } }],
    })),
    { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
  ]);

const TOOL_CALL = sse(LOOKUP_TEA_CALL_CHUNKS);

/**
 * The first answers measured: plain Markdown, a highlighted code block, a page tool with its stage, and
 * answers with a formula (KaTeX's chunk) or a Mermaid diagram (Mermaid's chunks).
 */
export const FIRST_CHAT_SCENARIOS: FirstChatScenario[] = [
  {
    suffix: '',
    label: 'a plain Markdown answer',
    pageExtra: '',
    // Some Markdown, so the Markdown engine is loaded, as for a real answer.
    stream: () => answer('Sencha is a **grassy** ', 'green tea.'),
    rendered: ['[part~="message-assistant"] strong'],
  },
  {
    suffix: '_code_block',
    label: 'an answer with a fenced code block (highlighted)',
    pageExtra: '',
    stream: () => answer('Brew it **like this**:\n\n```js\nconst ', 'steep = (grams) => grams * 30;\n```\n'),
    // The highlighter chunk has coloured the block.
    rendered: ['[part~="message-assistant"] pre .shj-syn-kwd'],
  },
  {
    suffix: '_tool_call',
    label: 'a page tool call with its stage, then the answer',
    pageExtra: `<script type="module">
import { defineTool } from '/agent-chat.js';
document.querySelector('agent-chat').tools = [
  defineTool({
    name: 'lookup_tea',
    description: 'Looks up a tea by name.',
    parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    execute: ({ name }) => ({ name, origin: 'Japan' }),
  }),
];
</script>`,
    stream: (body) => (body.includes('"role":"tool"') ? answer('Sencha is from **Japan**.') : TOOL_CALL),
    rendered: ['[part~="stage"][data-status="done"]', '[part~="message-assistant"] strong'],
  },
  {
    suffix: '_math',
    label: 'an answer with a formula (typeset by KaTeX)',
    pageExtra: '',
    stream: () => answer('Steeping **doubles**: $t_n = ', '2^n t_0$.'),
    rendered: ['[part~="message-assistant"] .math math'],
  },
  {
    suffix: '_diagram',
    label: 'an answer with a Mermaid diagram (drawn)',
    pageExtra: '',
    stream: () =>
      answer('The **steps**:\n\n```mermaid\nflowchart LR\n  Kettle --> ', 'Teapot --> Cup\n```\n'),
    rendered: ['[part~="message-assistant"] figure.diagram img'],
  },
];
