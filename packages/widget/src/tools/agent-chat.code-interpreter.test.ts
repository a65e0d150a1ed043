import type { ContentItem } from '@agent-chat/core';
import { describe, expect, it, vi } from 'vitest';
import '../agent-chat.js';
import type { ScriptStep } from '../test/fake-agent.js';
import { mountWithFakeAgent as mount, mountElement, send } from '../test/mount.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG = btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>parent.__xss=1</script></svg>',
);

/** One turn of a tool that returns `contents`, then the answer. */
const toolTurn = (
  id: string,
  name: string,
  args: Record<string, unknown>,
  answer: string,
  contents: ContentItem[],
): ScriptStep[] => [
  { type: 'tool.start', turn: 1, toolCallId: id, name, args },
  ...contents.map((content): ScriptStep => ({ type: 'tool.content', toolCallId: id, content })),
  { type: 'tool.complete', toolCallId: id, name, result: 'ok', content: 'ok', durationMs: 5 },
  { type: 'response.done', text: answer },
];

describe('<agent-chat> code interpreter and image stages', () => {
  it('shows the python code highlighted, its output with spacing kept, and images to open and download', async () => {
    const code = 'import statistics\nprint(statistics.mean([1, 2]))';
    const { element, root } = await mount([
      () =>
        toolTurn('py', 'python', { code }, 'Done.', [
          { kind: 'text', text: 'a    b\n1.5  2' },
          { kind: 'image', data: PNG, mimeType: 'image/png', alt: 'plot.png' },
          { kind: 'image', data: SVG, mimeType: 'image/svg+xml', alt: 'chart.svg' },
        ]),
    ]);
    await send(element, 'compute');
    await expect.poll(() => root.querySelector('[part="stage"][data-tool="python"]')).toBeTruthy();
    // The stage's summary shows at once; its code comes with the stage views' chunk.
    await expect.poll(() => root.querySelector('.stage-code code')).toBeTruthy();
    const codeBlock = root.querySelector('.stage-code code')!;
    expect(codeBlock.textContent).toBe(code);
    await expect.poll(() => root.querySelector('.stage-code .shj-syn-kwd')?.textContent).toBe('import');
    expect(root.querySelector('.stage-output')?.textContent).toBe('a    b\n1.5  2');
    expect(getComputedStyle(root.querySelector('.stage-output')!).whiteSpace).toBe('pre');

    const figures = [...root.querySelectorAll('.content-figure')];
    expect(figures).toHaveLength(2);
    const [png, svg] = figures;
    expect(png!.querySelector('img')?.getAttribute('alt')).toBe('plot.png');
    expect(png!.querySelector('[part="image-download"]')?.getAttribute('download')).toBe('image.png');
    expect(png!.querySelector('[part="image-open"]')).not.toBeNull();
    // An SVG is never opened as a document of the page's origin; it can be downloaded.
    expect(svg!.querySelector('[part="image-open"]')).toBeNull();
    expect(svg!.querySelector('[part="image-download"]')?.getAttribute('download')).toBe('image.svg');
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('opens a generated image full size in a new tab from a blob URL of its own bytes', async () => {
    const { element, root } = await mount([
      () =>
        toolTurn('img', 'generate_image', { prompt: 'a dot' }, 'Here it is.', [
          { kind: 'image', data: PNG, mimeType: 'image/png', alt: 'a dot' },
        ]),
    ]);
    await send(element, 'draw a dot');
    await expect.poll(() => root.querySelector('[part="image-open"]')).toBeTruthy();
    const opened: Array<{ url: string; target: string | undefined; features: string | undefined }> = [];
    const blobs: Blob[] = [];
    vi.spyOn(window, 'open').mockImplementation((url, target, features) => {
      opened.push({ url: String(url), target, features });
      return null;
    });
    // Read the blob before the URL is revoked (the element revokes it later; the test reads it at once).
    const createObjectURL = URL.createObjectURL.bind(URL);
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return createObjectURL(blob);
    });

    const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
    (root.querySelector('[part="image-open"]') as HTMLAnchorElement).dispatchEvent(click);

    // The page itself does not navigate to the data: URL (tabs refuse those); a new tab opens the blob.
    expect(click.defaultPrevented).toBe(true);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ target: '_blank', features: 'noopener' });
    expect(opened[0]?.url).toMatch(/^blob:/);
    expect(blobs[0]?.type).toBe('image/png');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect(bytes).toEqual(Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0)));
  });

  it('declares the code-interpreter, pyodide-url and image-model attributes', async () => {
    const element = await mountElement('agent-chat', {
      attributes: {
        'code-interpreter': '',
        'pyodide-url': '/pyodide/',
        'pyodide-packages-url': 'none',
        'image-model': 'gpt-image-1-mini',
      },
    });
    expect(element.codeInterpreter).toBe(true);
    expect(element.pyodideUrl).toBe('/pyodide/');
    expect(element.pyodidePackagesUrl).toBe('none');
    expect(element.imageModel).toBe('gpt-image-1-mini');
  });
});
