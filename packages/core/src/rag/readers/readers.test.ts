import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../tools/csv.js';
import { csvToText } from './csv-to-text.js';
import { htmlToText } from './html-to-text.js';
import { detectFormat, readDocument } from './read-document.js';

describe('document readers', () => {
  it('HTML: headings become Markdown headings, scripts and tags go, entities are decoded', () => {
    const { text, title } = htmlToText(
      '<html><head><title>Guide &amp; FAQ</title><style>p{}</style></head><body><h1>Setup</h1><p>Run <b>npm&nbsp;i</b>.</p>' +
        '<script>alert(1)</script><h2>Linux</h2><ul><li>apt</li><li>dnf</li></ul><p>5 &lt; 6 &#x2014; ok</p></body></html>',
    );
    expect(title).toBe('Guide & FAQ');
    expect(text).toBe('# Setup\n\nRun npm i.\n\n## Linux\n\n- apt\n- dnf\n\n5 < 6 — ok');
  });

  it('CSV: quoted fields, embedded commas and newlines; each record carries its column names', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
    expect(csvToText('name,price,notes\nWidget,9.99,\nGadget,19.50,"new, shiny"\n')).toBe(
      'name: Widget; price: 9.99\nname: Gadget; price: 19.50; notes: new, shiny',
    );
    expect(csvToText('id\tcity\n1\tParis\n')).toBe('id: 1; city: Paris');
  });

  it('detects formats from MIME type, extension or content', () => {
    expect(detectFormat('notes.MD', '# x')).toBe('markdown');
    expect(detectFormat('https://x.test/page.html?x=1', '')).toBe('html');
    expect(detectFormat('upload', new Blob(['a,b'], { type: 'text/csv' }))).toBe('csv');
    expect(detectFormat('paste', '<!DOCTYPE html><p>x</p>')).toBe('html');
    expect(detectFormat('report.pdf', new Uint8Array())).toBe('pdf');
    expect(detectFormat('notes', 'plain words')).toBe('text');
  });

  it('reads bytes as UTF-8 and refuses a PDF given as a string', async () => {
    expect(await readDocument(new TextEncoder().encode('héllo\r\nworld'), 'text')).toEqual({
      text: 'héllo\nworld',
    });
    await expect(readDocument('%PDF-1.4', 'pdf')).rejects.toThrow(/must be given as bytes/);
  });
});
