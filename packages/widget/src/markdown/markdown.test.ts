import { describe, expect, it } from 'vitest';
import { codeSlices, highlightCode } from './highlighter.js';
import { loadMarkdownEngine } from './markdown.js';
import { StreamingMarkdown } from './streaming-markdown.js';

describe('StreamingMarkdown', () => {
  it('links a reference whose definition streams in after it, and adds the footnotes at the end', async () => {
    const engine = await loadMarkdownEngine();
    const renderer = new StreamingMarkdown();
    let changed = 0;
    renderer.onChange = () => changed++;
    const text =
      'Read [the guide][1] first.[^n]\n\nMore text.\n\n[1]: https://tea.example/g\n[^n]: A note.\n';
    let blocks: ReturnType<StreamingMarkdown['update']> = [];
    for (let end = 1; end <= text.length; end++) blocks = renderer.update(text.slice(0, end), engine);
    // The definitions' resolver loads with the first definition; the renderer asks to be rendered again.
    await expect.poll(() => changed).toBeGreaterThan(0);
    blocks = renderer.update(text, engine, true);
    const box = document.createElement('div');
    box.append(...blocks.map((b) => b.node));
    expect(box.querySelector('p a')?.getAttribute('href')).toBe('https://tea.example/g');
    expect(box.querySelector('sup a')?.textContent).toBe('1');
    expect(box.querySelector('section.footnotes li')?.textContent).toBe('A note. ↩');
    expect(box.textContent).not.toContain('[1]');
  });

  it('renders each finished block once and re-renders only the last one as text streams in', async () => {
    const engine = await loadMarkdownEngine();
    const text = Array.from({ length: 20 }, (_, i) => `Paragraph ${i} with *emphasis*.`).join('\n\n');
    let rendered = 0;
    const counting = {
      ...engine,
      renderBlocks: (blocks: Parameters<typeof engine.renderBlocks>[0]) => {
        rendered++;
        return engine.renderBlocks(blocks);
      },
    };
    const renderer = new StreamingMarkdown();
    let blocks: ReturnType<StreamingMarkdown['update']> = [];
    for (let end = 5; end < text.length + 5; end += 5) blocks = renderer.update(text.slice(0, end), counting);
    const updates = Math.ceil(text.length / 5);
    expect(blocks).toHaveLength(20);
    expect(blocks.map((b) => b.node.innerHTML)).toEqual(
      Array.from({ length: 20 }, (_, i) => `<p>Paragraph ${i} with <em>emphasis</em>.</p>`),
    );
    // One render per update for the open block, plus one per block when it is finished.
    expect(rendered).toBeLessThanOrEqual(updates + 20);
  });

  it('keeps a list open across a blank line while streaming, so it stays one list', async () => {
    const engine = await loadMarkdownEngine();
    const renderer = new StreamingMarkdown();
    const text = 'Intro.\n\n- a\n\n- b\n\n1. one\n\n2. two\n';
    let blocks: ReturnType<StreamingMarkdown['update']> = [];
    for (let end = 1; end <= text.length; end++) blocks = renderer.update(text.slice(0, end), engine);
    blocks = renderer.update(text, engine, true);
    const box = document.createElement('div');
    box.append(...blocks.map((b) => b.node));
    expect(box.querySelectorAll('ul')).toHaveLength(1);
    expect(box.querySelectorAll('ul > li')).toHaveLength(2);
    expect(box.querySelectorAll('ol')).toHaveLength(1);
    expect(box.querySelectorAll('ol > li')).toHaveLength(2);
  });

  it('starts over when the text is replaced rather than extended', async () => {
    const engine = await loadMarkdownEngine();
    const renderer = new StreamingMarkdown();
    renderer.update('# One\n\nfirst', engine);
    expect(renderer.update('Other', engine).map((b) => b.node.innerHTML)).toEqual(['<p>Other</p>']);
  });

  it('highlights a finished code block lazily, keeping hostile code as text', async () => {
    const engine = await loadMarkdownEngine();
    const renderer = new StreamingMarkdown();
    let changed = 0;
    renderer.onChange = () => changed++;
    const code = 'const x = "</code><img src=x onerror=alert(1)>"; // note';
    renderer.update(`\`\`\`ts\n${code}\n\`\`\`\n\nAfter.`, engine);
    await expect.poll(() => changed).toBe(1);
    const box = renderer.update(`\`\`\`ts\n${code}\n\`\`\`\n\nAfter.`, engine)[0]!.node;
    expect(box.querySelector('code')?.className).toBe('language-ts');
    expect(box.querySelector('.shj-syn-kwd')?.textContent).toBe('const');
    expect(box.querySelector('.shj-syn-cmnt')?.textContent).toBe('// note');
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toBe(code);
  });

  it('highlights a long code block a slice at a time, leaving the page free in between, the text exact', async () => {
    const line = (i: number) => `export const step${i} = (input: number) => input * ${i}; // step ${i}\n`;
    const code = Array.from({ length: 400 }, (_, i) => line(i) + (i % 25 === 24 ? '\n' : '')).join('');
    await highlightCode('const warm = 1;', 'ts');
    // A timer chain that runs whenever the thread is free: it runs between the slices.
    let ticks = 0;
    let done = false;
    const tick = () => {
      ticks++;
      if (!done) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const markup = await highlightCode(code, 'ts');
    done = true;
    expect(ticks).toBeGreaterThanOrEqual(codeSlices(code, 2_000).length - 1);
    const box = document.createElement('div');
    box.append(markup);
    expect(box.textContent).toBe(code);
    expect(box.querySelectorAll('.shj-syn-kwd').length).toBeGreaterThanOrEqual(400);
    expect(box.querySelectorAll('.shj-syn-cmnt').length).toBe(400);
    expect(codeSlices(code, 2_000).join('')).toBe(code);
    expect(codeSlices(code, 2_000).length).toBeGreaterThan(5);
  });

  it('leaves a code block too long to highlight without a long task as plain, readable code', async () => {
    const engine = await loadMarkdownEngine();
    const renderer = new StreamingMarkdown();
    let changed = 0;
    renderer.onChange = () => changed++;
    const huge = 'let total = 0; // running sum\n'.repeat(1_000);
    const text = `\`\`\`ts\n${huge}\`\`\`\n\n\`\`\`ts\nconst small = 1;\n\`\`\`\n\nAfter.`;
    renderer.update(text, engine);
    // The small block after it is highlighted; the huge one is not.
    await expect.poll(() => changed).toBe(1);
    // Time enough to highlight the huge one, had it been started.
    await highlightCode(huge, 'ts');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changed).toBe(1);
    const [big, small] = renderer.update(text, engine).map((b) => b.node);
    expect(small!.querySelector('.shj-syn-kwd')?.textContent).toBe('const');
    expect(big!.querySelector('[class^="shj-"]')).toBeNull();
    expect(big!.querySelector('code')?.textContent).toBe(huge);
  });
});
