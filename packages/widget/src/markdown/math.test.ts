import { beforeAll, describe, expect, it } from 'vitest';
import { loadExtras } from './extras-loader.js';
import { renderMarkdown } from './markdown-engine.js';
import { takeMathWait } from './math.js';

/** Renders once so KaTeX starts loading, waits for it, and renders again. */
async function typeset(markdown: string): Promise<HTMLElement> {
  renderMarkdown(markdown);
  await takeMathWait();
  return renderMarkdown(markdown);
}

const SAFE_ELEMENTS =
  /^(?:div|p|span|code|sup|a|section|ol|li|math|semantics|annotation|mrow|mi|mn|mo|ms|mtext|mspace|msup|msub|msubsup|mfrac|msqrt|mroot|mstyle|mpadded|mphantom|menclose|mover|munder|munderover|mtable|mtr|mtd|mlabeledtr|merror)$/;

/** Every element is from the allowlist, and no attribute can run code, load something or style. */
function expectInert(box: HTMLElement): void {
  for (const element of box.querySelectorAll('*')) {
    expect(element.localName).toMatch(SAFE_ELEMENTS);
    for (const { name, value } of element.attributes) {
      expect(name).not.toMatch(/^on|^style$|^src$|^xlink:href$/i);
      if (name === 'href') expect(value).not.toMatch(/^\s*(?:javascript|data|vbscript):/i);
    }
  }
}

beforeAll(async () => {
  await loadExtras();
  renderMarkdown('$x$');
  await takeMathWait();
});

describe('math', () => {
  it('typesets inline and display formulas as MathML', async () => {
    const box = await typeset(
      'Einstein: $E = mc^2$ and \\(a^2\\).\n\n$$\n\\int_0^1 x\\,dx\n$$\n\n\\[ \\frac{1}{2} \\]',
    );
    expect(box.querySelectorAll('.math:not(.math-display) math:not([display])')).toHaveLength(2);
    expect(box.querySelectorAll('.math-display math[display="block"]')).toHaveLength(2);
    // No raw delimiters left: the TeX is kept only as the MathML's annotation.
    const shown = [...box.querySelectorAll('p')].map((p) => {
      const copy = p.cloneNode(true) as HTMLElement;
      for (const a of copy.querySelectorAll('annotation')) a.remove();
      return copy.textContent;
    });
    expect(shown.join(' ')).not.toMatch(/\$|\\\(|\\\[/);
    expect(box.querySelector('annotation')?.textContent).toBe('E = mc^2');
  });

  it('leaves prices, escaped dollars and unclosed formulas as text', async () => {
    const box = await typeset('From $5 to $10, \\$x\\$ and $unclosed');
    expect(box.querySelector('.math')).toBeNull();
    expect(box.textContent).toBe('From $5 to $10, $x$ and $unclosed');
  });

  it('shows a formula KaTeX cannot parse as code, with the error as its title', async () => {
    const box = await typeset('Broken: $\\frac{1}{$ ok');
    const code = box.querySelector('code.math-source');
    expect(code?.textContent).toBe('$\\frac{1}{$');
    expect(code?.getAttribute('title')).toMatch(/KaTeX parse error/);
  });

  it('keeps hostile TeX inert: no link, handler, style or HTML from \\href, \\url, \\html… or \\includegraphics', async () => {
    const hostile = [
      '$\\href{javascript:window.__xss=1}{click}$',
      '$\\url{javascript:window.__xss=2}$',
      '$\\htmlData{onclick=window.__xss=3}{x}$',
      '$\\htmlStyle{background:url(https://evil.example/leak)}{x}$',
      '$\\htmlId{x" onmouseover="window.__xss=4}{x}$',
      '$\\includegraphics{https://evil.example/leak.png}$',
      '$$\\text{<img src=x onerror=window.__xss=5>}$$',
      '$\\def\\a{\\a\\a}\\a$',
      '$\\color{red" onload="window.__xss=6}{x}$',
    ].join('\n\n');
    const box = await typeset(hostile);
    document.body.append(box);
    expectInert(box);
    expect(box.querySelector('a, img, script, iframe, foreignObject, svg image')).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    box.remove();
  });
});
