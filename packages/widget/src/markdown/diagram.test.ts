import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FR } from '../i18n/strings-fr.js';
import { useDiagramFrame } from './diagram.js';
import {
  FRAME_FILE,
  MAX_SOURCE_CHARS,
  MAX_SVG_CHARS,
  readDrawRequest,
  readFrameReply,
} from './diagram-messages.js';
import { loadExtras } from './extras-loader.js';
import { renderMarkdown } from './markdown-engine.js';

beforeAll(() => loadExtras());

afterEach(() => {
  // (The diagram frame, once opened, stays: it is kept for the next diagrams.)
  for (const child of [...document.body.children]) if (child.localName !== 'iframe') child.remove();
  delete (window as { __xss?: unknown }).__xss;
});

/** Renders `markdown` on the page and waits until each of its diagrams is drawn or has failed. */
async function drawn(markdown: string, strings?: typeof FR): Promise<HTMLElement> {
  const box = renderMarkdown(markdown, 'md-', strings);
  document.body.append(box);
  const figures = box.querySelectorAll('figure.diagram');
  await expect
    .poll(() => [...figures].every((f) => f.querySelector('.diagram-view img, .diagram-error')), {
      timeout: 20_000,
    })
    .toBe(true);
  return box;
}

const svgOf = (image: HTMLImageElement) =>
  decodeURIComponent(image.getAttribute('src')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));

/** The script-tag build's frame page, as the widget's test server serves it (see vitest.config.ts). */
const FRAME_URL = new URL(`/${FRAME_FILE}`, location.href).href;

describe.each([
  ['in the page', undefined],
  ['in a sandboxed frame', FRAME_URL],
])('diagrams drawn %s', (_where, frameUrl) => {
  beforeAll(() => useDiagramFrame(frameUrl));
  /** Drawn where this block says: a frame that did not start is removed before the page draws instead. */
  const expectDrawnThere = () =>
    expect(document.querySelectorAll('iframe[sandbox]')).toHaveLength(frameUrl ? 1 : 0);

  it('draws a ```mermaid block as an SVG image, its source one click away', async () => {
    const source = 'flowchart LR\n  Kettle --> Teapot --> Cup';
    const box = await drawn(`Steps:\n\n\`\`\`mermaid\n${source}\n\`\`\`\n`);
    const image = box.querySelector<HTMLImageElement>('figure.diagram .diagram-view img')!;
    expect(svgOf(image)).toMatch(/^<svg[\s\S]*Teapot[\s\S]*<\/svg>$/);
    const details = box.querySelector('figure.diagram details')!;
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Diagram source');
    expect(details.querySelector('pre code.language-mermaid')?.textContent).toBe(`${source}\n`);
    expectDrawnThere();
  });

  it('shows a diagram Mermaid cannot draw as its source, open, with the error', async () => {
    const box = await drawn('```mermaid\nflowchart LR\n  A -->\n```\n');
    expect(box.querySelector('.diagram-error')?.textContent).toMatch(/could not be drawn/);
    expect(box.querySelector('figure.diagram details')!.hasAttribute('open')).toBe(true);
    expect(box.querySelector('img')).toBeNull();
  });

  it('keeps hostile diagrams inert: click handlers, javascript: links, HTML labels and init directives', async () => {
    const hostile = [
      'flowchart LR\n  A-->B\n  click A call alert(1)\n  click B href "javascript:window.__xss=1"',
      'flowchart LR\n  A["<img src=x onerror=window.__xss=2>"] --> B["<script>window.__xss=3</script>"]',
      '%%{init: {"securityLevel": "loose", "htmlLabels": true}}%%\nflowchart LR\n  A["<b onmouseover=window.__xss=4>x</b>"] --> B\n  click A callback "window.__xss=5"',
      'sequenceDiagram\n  Alice->>Bob: <img src=x onerror=window.__xss=6>',
    ]
      .map((d) => `\`\`\`mermaid\n${d}\n\`\`\``)
      .join('\n\n');
    const box = await drawn(hostile);
    for (const element of box.querySelectorAll('*')) {
      expect(element.localName).toMatch(/^(?:div|figure|img|details|summary|pre|code|span)$/);
      for (const { name } of element.attributes) expect(name).not.toMatch(/^on/i);
    }
    for (const image of box.querySelectorAll('img')) {
      expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
      // Parsed here only to inspect it (the widget never parses it: the image is an <img>).
      const svg = new DOMParser().parseFromString(svgOf(image), 'image/svg+xml');
      // (An HTML label, in a foreignObject, may be there: inside an image it is inert too.)
      expect(svg.querySelectorAll('script, iframe, object, embed, img')).toHaveLength(0);
      for (const element of svg.querySelectorAll('*'))
        for (const { name, value } of element.attributes) {
          expect(name).not.toMatch(/^on/i);
          if (/href$/i.test(name)) expect(value).not.toMatch(/^\s*javascript:/i);
        }
    }
    expectDrawnThere();
    // Nothing ran while Mermaid drew them, nor after.
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    expect(document.body.querySelectorAll('svg, script, style')).toHaveLength(0);
  });
});

describe('the diagram frame', () => {
  it('is one hidden frame with an opaque origin, opened once and kept', async () => {
    useDiagramFrame(FRAME_URL);
    await drawn(
      '```mermaid\nflowchart LR\n  A --> B\n```\n\n```mermaid\npie\n  "Tea" : 3\n  "Coffee" : 1\n```\n',
    );
    await drawn('```mermaid\nflowchart LR\n  C --> D\n```\n');
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const [frame] = frames;
    expect(frame!.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame!.getAttribute('aria-hidden')).toBe('true');
    expect(frame!.tabIndex).toBe(-1);
    expect(frame!.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    // Opaque origin: the page cannot reach into it, nor it into the page.
    expect(frame!.contentDocument).toBeNull();
  });

  it('ignores messages from other windows and of another shape', async () => {
    useDiagramFrame(FRAME_URL);
    const box = renderMarkdown('```mermaid\nflowchart LR\n  Real --> Diagram\n```\n');
    document.body.append(box);
    // A forged reply from the page itself, for every id the widget may be waiting on.
    for (let id = 1; id < 50; id++)
      window.postMessage({ kind: 'agent-chat-diagram', id, svg: '<svg><text>forged</text></svg>' }, '*');
    await expect
      .poll(() => box.querySelector('.diagram-view img, .diagram-error'), { timeout: 20_000 })
      .not.toBeNull();
    const image = box.querySelector<HTMLImageElement>('.diagram-view img')!;
    expect(svgOf(image)).toContain('Diagram');
    expect(svgOf(image)).not.toContain('forged');
  });

  it('reads only messages of the expected shape and size, both ways', () => {
    const kind = 'agent-chat-diagram';
    expect(readDrawRequest({ kind, id: 1, source: 'pie' })).toEqual({ kind, id: 1, source: 'pie' });
    for (const data of [
      { kind, id: 1, source: 'x'.repeat(MAX_SOURCE_CHARS + 1) },
      { kind, id: 0, source: 'pie' },
      { kind, id: '1', source: 'pie' },
      { kind: 'other', id: 1, source: 'pie' },
      { kind, id: 1, source: ['pie'] },
      'pie',
      null,
    ])
      expect(readDrawRequest(data)).toBeUndefined();
    expect(readFrameReply({ kind, id: 2, svg: '<svg></svg>', extra: 1 })).toEqual({
      id: 2,
      svg: '<svg></svg>',
    });
    expect(readFrameReply({ kind, id: 2, error: 'e'.repeat(5000) })).toEqual({
      id: 2,
      error: 'e'.repeat(1000),
    });
    for (const data of [
      { kind, id: 2, svg: `<svg>${'x'.repeat(MAX_SVG_CHARS)}</svg>` },
      { kind, id: 2, svg: '<img src=x onerror=alert(1)>' },
      { kind, id: -1, svg: '<svg></svg>' },
      { kind, ready: 'yes' },
      { id: 2, svg: '<svg></svg>' },
    ])
      expect(readFrameReply(data)).toBeUndefined();
  });

  it('falls back to drawing in the page when the frame does not start', async () => {
    useDiagramFrame(new URL('/no-such-diagram-frame.html', location.href).href);
    const box = await drawn('```mermaid\nflowchart LR\n  Kettle --> Cup\n```\n');
    expect(svgOf(box.querySelector<HTMLImageElement>('.diagram-view img')!)).toContain('Kettle');
  });
});

describe("the renderer's own words", () => {
  it("are the element's language: a diagram's source and error, and the footnotes' label", async () => {
    const box = await drawn('Voir[^1].\n\n```mermaid\nflowchart LR\n  A -->\n```\n\n[^1]: Une note.\n', FR);
    expect(box.querySelector('figure.diagram summary')?.textContent).toBe('Source du diagramme');
    expect(box.querySelector('.diagram-error')?.textContent).toMatch(
      /^Le diagramme n’a pas pu être dessiné : ./,
    );
    expect(box.querySelector('section.footnotes')?.getAttribute('aria-label')).toBe('Notes de bas de page');
    // The next render without strings is English again.
    const english = await drawn('```mermaid\nflowchart LR\n  A -->\n```\n');
    expect(english.querySelector('figure.diagram summary')?.textContent).toBe('Diagram source');
  });
});
