import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import '../agent-chat.js';
import { mountWithFakeAgent, send } from '../test/mount.js';
import { reactToolView, type ToolViewComponentProps } from './react-tool-view.js';

type Tea = { name: string };

function TeaResults({ status, input, result, act }: ToolViewComponentProps<{ query: string }, Tea[]>) {
  return createElement(
    'div',
    { className: 'teas', 'data-status': status },
    `${input?.query ?? ''}: `,
    ...(result ?? []).map((tea) =>
      createElement(
        'button',
        {
          key: tea.name,
          type: 'button',
          onClick: () => act({ type: 'send', text: `Tell me about ${tea.name}.` }),
        },
        tea.name,
      ),
    ),
  );
}

describe('reactToolView', () => {
  it("renders a React component in the call's stage with the call as props; its button acts", async () => {
    const tag = reactToolView(TeaResults);
    const { element, agent, root } = await mountWithFakeAgent([
      () => [
        { type: 'tool.start', turn: 1, toolCallId: 'c1', name: 'search_products', args: { query: 'green' } },
        {
          type: 'tool.complete',
          toolCallId: 'c1',
          name: 'search_products',
          result: [{ name: 'Sencha' }],
          content: '[{"name":"Sencha"}]',
          durationMs: 2,
        },
        { type: 'response.chunk', turn: 2, text: 'One tea.' },
      ],
      () => [{ type: 'response.chunk', turn: 1, text: 'Sencha is steamed.' }],
    ]);
    element.toolViews = { search_products: tag };
    await send(element, 'Green teas?');
    const view = () => root.querySelector(`${tag} .teas`);
    // The stage views and the view slot are lazy chunks: the first load may take a moment on a busy machine.
    await expect.poll(() => view()?.getAttribute('data-status'), { timeout: 10_000 }).toBe('done');
    expect(view()?.textContent).toBe('green: Sencha');
    await expect.poll(() => root.querySelector('[part~="send"]')).not.toBeNull();
    view()!.querySelector('button')!.click();
    await expect
      .poll(() => agent.inputs.map((i) => i.message))
      .toEqual(['Green teas?', 'Tell me about Sencha.']);
  });
});
