import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadExtras } from './extras-loader.js';
import { renderMarkdown } from './markdown-engine.js';

beforeAll(() => loadExtras());

afterEach(() => {
  document.body.replaceChildren();
  delete (window as { __xss?: unknown }).__xss;
});

/** Renders `markdown` on the page and waits until each of its diagrams is drawn or has failed. */
async function drawn(markdown: string): Promise<HTMLElement> {
  const box = renderMarkdown(markdown);
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

describe('diagrams', () => {
  it('draws a ```mermaid block as an SVG image, its source one click away', async () => {
    const source = 'flowchart LR\n  Kettle --> Teapot --> Cup';
    const box = await drawn(`Steps:\n\n\`\`\`mermaid\n${source}\n\`\`\`\n`);
    const image = box.querySelector<HTMLImageElement>('figure.diagram .diagram-view img')!;
    expect(svgOf(image)).toMatch(/^<svg[\s\S]*Teapot[\s\S]*<\/svg>$/);
    const details = box.querySelector('figure.diagram details')!;
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Diagram source');
    expect(details.querySelector('pre code.language-mermaid')?.textContent).toBe(`${source}\n`);
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
    // Nothing ran while Mermaid drew them, nor after.
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    expect(document.body.querySelectorAll('svg, script, style')).toHaveLength(0);
  });
});
