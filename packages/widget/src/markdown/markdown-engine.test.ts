import { beforeAll, describe, expect, it } from 'vitest';
import { loadExtras } from './extras-loader.js';
import { lexBlocks, renderMarkdown } from './markdown-engine.js';

/** The HTML the engine's DOM nodes serialise to (the engine itself never parses HTML). */
const render = (markdown: string) => renderMarkdown(markdown).innerHTML;

describe('Markdown engine: blocks', () => {
  it('renders headings (ATX and setext), paragraphs, rules and blockquotes', () => {
    expect(render('# One\n\n## Two ##\n\nThree\n=====\n\nFour\n---')).toBe(
      '<h1>One</h1><h2>Two</h2><h1>Three</h1><h2>Four</h2>',
    );
    expect(render('First line\nsecond line\n\n***\n\n> quoted *text*\nlazy line\n> > nested')).toBe(
      '<p>First line\nsecond line</p><hr><blockquote><p>quoted <em>text</em>\nlazy line</p><blockquote><p>nested</p></blockquote></blockquote>',
    );
    expect(render('#hashtag is text')).toBe('<p>#hashtag is text</p>');
  });

  it('renders fenced and indented code as text, with the fence language as a class', () => {
    expect(render('```ts title="x"\nconst a = "<b>";\n```')).toBe(
      '<pre><code class="language-ts">const a = "&lt;b&gt;";\n</code></pre>',
    );
    expect(render('~~~\nplain\n~~~')).toBe('<pre><code>plain\n</code></pre>');
    expect(render('    indented\n    code')).toBe('<pre><code>indented\ncode\n</code></pre>');
    // While streaming, an unclosed fence holds everything after it.
    expect(render('```py\nprint(1)\n\n# more')).toBe(
      '<pre><code class="language-py">print(1)\n\n# more\n</code></pre>',
    );
  });

  it('renders tight, loose, nested, ordered and task lists', () => {
    expect(render('- a\n- b\n  - b1\n  - b2\n- c')).toBe(
      '<ul><li>a</li><li>b<ul><li>b1</li><li>b2</li></ul></li><li>c</li></ul>',
    );
    expect(render('1. one\n\n2. two')).toBe('<ol><li><p>one</p></li><li><p>two</p></li></ol>');
    expect(render('3) three\n4) four')).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
    // Models often indent a sub-list by two spaces under "1. ".
    expect(render('1. Steep\n  - 80 °C\n2. Pour')).toBe(
      '<ol><li>Steep<ul><li>80 °C</li></ul></li><li>Pour</li></ol>',
    );
    expect(render('- [x] done\n- [ ] todo')).toBe(
      '<ul><li><input type="checkbox" disabled="" checked=""> done</li><li><input type="checkbox" disabled=""> todo</li></ul>',
    );
    expect(render('- a\n\n1. b')).toBe('<ul><li>a</li></ul><ol><li>b</li></ol>');
    expect(render('- item\ncontinued')).toBe('<ul><li>item\ncontinued</li></ul>');
  });

  it('ends a paragraph at a table written on the next line, and renders the table', () => {
    expect(render('Our teas:\n| Tea | Price |\n|---|---|\n| Sencha | 12 |')).toBe(
      '<p>Our teas:</p><table><thead><tr><th>Tea</th><th>Price</th></tr></thead>' +
        '<tbody><tr><td>Sencha</td><td>12</td></tr></tbody></table>',
    );
  });

  it('renders GFM tables with alignment and inline content in cells', () => {
    expect(render('| Tea | Price |\n|:--|--:|\n| **Sencha** | 4 \\| 5 |\n| Bancha |')).toBe(
      '<table><thead><tr><th align="left">Tea</th><th align="right">Price</th></tr></thead>' +
        '<tbody><tr><td align="left"><strong>Sencha</strong></td><td align="right">4 | 5</td></tr>' +
        '<tr><td align="left">Bancha</td><td align="right"></td></tr></tbody></table>',
    );
    expect(render('a | b\n-- | --')).toBe('<table><thead><tr><th>a</th><th>b</th></tr></thead></table>');
  });

  it("keeps every character of the text in the blocks' raw source", () => {
    const text = '# T\n\nPara\n\n\n- a\n\n- b\n\n```js\nx\n```\n| a |\n|---|\n| 1 |\n\n> q\n';
    expect(
      lexBlocks(text)
        .map((b) => b.raw)
        .join(''),
    ).toBe(text);
  });
});

describe('Markdown engine: inline', () => {
  it('renders emphasis, strong, strikethrough, code spans and hard breaks', () => {
    expect(render('*em* _em_ **strong** __strong__ ***both*** ~~gone~~ `a <b>` ``x ` y``')).toBe(
      '<p><em>em</em> <em>em</em> <strong>strong</strong> <strong>strong</strong> <strong><em>both</em></strong> <del>gone</del> <code>a &lt;b&gt;</code> <code>x ` y</code></p>',
    );
    expect(render('*a **b** c* and **a *b***')).toBe(
      '<p><em>a <strong>b</strong> c</em> and <strong>a <em>b</em></strong></p>',
    );
    expect(render('snake_case_name, 2 * 3 * 4, \\*not em\\*, **unclosed')).toBe(
      '<p>snake_case_name, 2 * 3 * 4, *not em*, **unclosed</p>',
    );
    expect(render('line one  \nline two\\\nline three')).toBe('<p>line one<br>line two<br>line three</p>');
    expect(render('&amp; &lt;tag&gt; &#169; &#x2014;')).toBe('<p>&amp; &lt;tag&gt; © —</p>');
  });

  it('renders links, autolinks and bare URLs that open in a new tab', () => {
    const rel = 'target="_blank" rel="noopener noreferrer nofollow"';
    expect(render('[the *guide*](https://tea.example/guide "Guide") and [rel](./a_(b).md)')).toBe(
      `<p><a href="https://tea.example/guide" title="Guide" ${rel}>the <em>guide</em></a> and <a href="./a_(b).md" ${rel}>rel</a></p>`,
    );
    expect(
      render('<https://a.example/x> <me@tea.example> see https://b.example/p?q=1. (www.c.example)'),
    ).toBe(
      `<p><a href="https://a.example/x" ${rel}>https://a.example/x</a> <a href="mailto:me@tea.example" ${rel}>me@tea.example</a> see <a href="https://b.example/p?q=1" ${rel}>https://b.example/p?q=1</a>. (<a href="http://www.c.example" ${rel}>www.c.example</a>)</p>`,
    );
  });

  it('gives links other than web, mail, in-page or relative no href, and loads only inline images', () => {
    const box = renderMarkdown(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,x) [d](&#106;avascript:x) [e](#top)',
    );
    expect([...box.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      null,
      null,
      null,
      null,
      '#top',
    ]);
    const images = renderMarkdown(
      '![remote](https://evil.example/?secret) ![dot](data:image/png;base64,iVBORw0KGgo=)',
    );
    expect(images.querySelectorAll('img')).toHaveLength(1);
    expect(images.querySelector('img')!.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(images.querySelector('img')!.alt).toBe('dot');
    expect(images.textContent).toContain('remote');
  });

  it('shows raw HTML as the text it is, never as elements', () => {
    const hostile =
      '<script>window.__xss=1</script>\n\nHi <img src=x onerror="window.__xss=2"> <a href="javascript:x">me</a>\n\n' +
      '<svg><animate onbegin="window.__xss=3"/></svg>';
    const box = renderMarkdown(hostile);
    expect(box.querySelectorAll('*')).toHaveLength(box.querySelectorAll('p').length);
    expect(box.textContent).toBe(hostile.replace(/\n\n/g, ''));
  });
});

describe('Markdown engine: reference links and footnotes', () => {
  // Their resolver is in the extras' chunk, loaded with the first text that may have a definition.
  beforeAll(() => loadExtras());
  const rel = 'target="_blank" rel="noopener noreferrer nofollow"';

  it('renders full, collapsed and shortcut reference links with the rules of inline links', () => {
    expect(
      render(
        'See [the guide][Guide], [tea][] and [Tea]. [none][x] [y]\n\n[guide]: https://tea.example/g "Brewing"\n[TEA]: <./tea page.md>\n[bad]: javascript:alert(1)',
      ),
    ).toBe(
      `<p>See <a href="https://tea.example/g" title="Brewing" ${rel}>the guide</a>, <a href="./tea page.md" ${rel}>tea</a> and <a href="./tea page.md" ${rel}>Tea</a>. [none][x] [y]</p>`,
    );
    const box = renderMarkdown('[click][bad]\n\n[bad]: javascript:alert(1)');
    expect(box.querySelector('a')!.hasAttribute('href')).toBe(false);
    // In a code block a definition is code, and defines nothing.
    expect(render('```\n[a]: https://x.example\n```\n\n[a]')).toBe(
      '<pre><code>[a]: https://x.example\n</code></pre><p>[a]</p>',
    );
  });

  it('numbers footnotes by first reference and links them both ways', () => {
    const box = renderMarkdown(
      'Green tea[^g] is steamed; black tea[^b] is not[^g].\n\n[^b]: Fully oxidised.\n[^g]: Like *Sencha*\n    from Japan.\n',
      'x-',
    );
    const refs = [...box.querySelectorAll<HTMLAnchorElement>('a.footnote-ref')];
    expect(refs.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['1', '#x-fn-1'],
      ['2', '#x-fn-2'],
      ['1', '#x-fn-1'],
    ]);
    expect(refs[0]!.id).toBe('x-fnref-1');
    expect(refs[0]!.hasAttribute('target')).toBe(false);
    const notes = [...box.querySelectorAll('section.footnotes li')];
    expect(notes.map((li) => [li.id, li.textContent])).toEqual([
      ['x-fn-1', 'Like Sencha\nfrom Japan. ↩'],
      ['x-fn-2', 'Fully oxidised. ↩'],
    ]);
    expect(notes[0]!.querySelector('em')?.textContent).toBe('Sencha');
    expect(notes[0]!.querySelector('a.footnote-back')!.getAttribute('href')).toBe('#x-fnref-1');
    // Definitions render nowhere else.
    expect(box.querySelector('p')!.textContent).toBe('Green tea1 is steamed; black tea2 is not1.');
  });

  it('leaves an undefined footnote reference as text and shows no footnotes without references', () => {
    expect(render('a[^1]\n\n[^2]: unused')).toBe('<p>a[^1]</p>');
  });
});
