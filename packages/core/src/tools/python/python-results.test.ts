import { describe, expect, it } from 'vitest';
import { MissingDependencyError } from '../../missing-dependency-error.js';
import { parseCsv } from '../csv.js';
import { toolOutputText } from '../tool-output.js';
import { defaultIndexURL } from './python-assets.js';
import { pythonInterpreter } from './python-interpreter.js';
import { readRunResult, resultContent } from './python-results.js';

const limits = { outputChars: 100, tableRows: 2, files: 3 };

describe('parseCsv on Python results', () => {
  it('reads quoted cells, escaped quotes, CRLF rows and no trailing empty row', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', ''],
    ]);
  });
});

describe('python results', () => {
  it('caps whatever the worker sends and ignores fields of the wrong type', () => {
    const result = readRunResult(
      { stdout: 'o'.repeat(80), stderr: 'e'.repeat(80), dropped: 5, value: 7, files: [{ path: 1 }, 'x'] },
      limits,
    );
    expect(result).toMatchObject({
      stdout: 'o'.repeat(80),
      stderr: 'e'.repeat(20),
      dropped: 65,
      value: null,
    });
    expect(result.files).toEqual([]);
    expect(readRunResult(null, limits)).toMatchObject({ stdout: '', files: [] });
  });

  it('turns files into tables, images and text, and says what it left out', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const items = resultContent(
      {
        stdout: '',
        stderr: '',
        dropped: 3,
        value: null,
        error: null,
        files: [
          { path: '/scratch/t.csv', size: 20, data: bytes('a,b\n1,2\n3,4\n5,6\n') },
          { path: '/scratch/p.png', size: 3, data: new Uint8Array([137, 80, 78]) },
          { path: '/scratch/huge.bin', size: 9e9, data: null },
          { path: '/scratch/more.txt', size: 1, data: bytes('x') },
        ],
      },
      limits,
      'Note: restarted',
    );
    expect(items).toEqual([
      { kind: 'text', text: 'Note: restarted' },
      { kind: 'text', text: expect.stringContaining('[output truncated: 3 more characters') },
      {
        kind: 'table',
        columns: ['a', 'b'],
        rows: [
          ['1', '2'],
          ['3', '4'],
        ],
        caption: 't.csv (first 2 of 3 rows)',
      },
      { kind: 'image', data: btoa(String.fromCharCode(137, 80, 78)), mimeType: 'image/png', alt: 'p.png' },
      { kind: 'text', text: '[wrote huge.bin, 9000000000 bytes: too large to show]' },
      { kind: 'text', text: '[1 more files written, not shown: /scratch/more.txt]' },
    ]);
    expect(toolOutputText(items)).toContain('[image image/png: p.png shown to the user]');
  });

  it('says so when the code produced nothing', () => {
    const empty = { stdout: '', stderr: '', dropped: 0, value: null, error: null, files: [] };
    expect(resultContent(empty, limits)).toEqual([{ kind: 'text', text: '(no output)' }]);
  });
});

describe('pythonInterpreter options', () => {
  it('refuses wrong options with a message naming the option', () => {
    expect(() => pythonInterpreter({ timeoutMs: 0 })).toThrow(/timeoutMs must be a positive number/);
    expect(() => pythonInterpreter({ indexURL: 'none' })).toThrow(/indexURL cannot be "none"/);
    expect(() => pythonInterpreter({ packageIndexURL: 'http://[' })).toThrow(/packageIndexURL must be a URL/);
  });

  it('tells the model whether packages beyond the standard library exist', () => {
    expect(pythonInterpreter({ packageIndexURL: 'none' }).description).toContain('Only the standard library');
    expect(pythonInterpreter().description).toContain('load when imported');
  });

  it('defaults to the Pyodide CDN of the installed version, and names the package when it is missing', async () => {
    expect(await defaultIndexURL(async () => ({ version: '314.0.7' }))).toBe(
      'https://cdn.jsdelivr.net/pyodide/v314.0.7/full/',
    );
    expect(await defaultIndexURL()).toMatch(/^https:\/\/cdn\.jsdelivr\.net\/pyodide\/v[\d.]+\/full\/$/);
    const missing = defaultIndexURL(() => Promise.reject(new Error("Cannot find package 'pyodide'")));
    await expect(missing).rejects.toBeInstanceOf(MissingDependencyError);
    await expect(missing).rejects.toThrow('npm i pyodide');
  });

  it('fails with a typed error outside a browser page', async () => {
    const python = pythonInterpreter({ indexURL: 'http://127.0.0.1:9/pyodide/', packageIndexURL: 'none' });
    const run = python.execute(
      { code: '1' },
      { signal: new AbortController().signal, toolCallId: 'c', runId: 'r' },
    );
    await expect(run).rejects.toMatchObject({ code: 'python_unavailable' });
  });
});
