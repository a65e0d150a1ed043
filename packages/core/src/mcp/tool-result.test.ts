import { describe, expect, it } from 'vitest';
import { normalizeToolResult } from './tool-result.js';

const PNG = 'iVBORw0KGgo=';

describe('normalizeToolResult', () => {
  it('maps every MCP content type to a content item and describes non-text parts to the model', () => {
    const outcome = normalizeToolResult(
      {
        content: [
          { type: 'text', text: 'Here you go' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'inside' } },
          { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA' } },
          { type: 'resource_link', uri: 'https://example.com/doc', name: 'Doc' },
        ],
      },
      10_000,
    );
    expect(outcome.items).toEqual([
      { kind: 'text', text: 'Here you go' },
      { kind: 'image', data: PNG, mimeType: 'image/png' },
      { kind: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { kind: 'resource', uri: 'file:///a.txt', mimeType: 'text/plain', text: 'inside' },
      { kind: 'resource', uri: 'file:///b.bin', blob: 'AAAA' },
      { kind: 'resource', uri: 'https://example.com/doc', name: 'Doc' },
    ]);
    expect(outcome.text.split('\n')).toEqual([
      'Here you go',
      '[image image/png, 8 bytes, shown to the user]',
      '[audio audio/wav, 4 bytes, available to the user]',
      '[resource file:///a.txt (text/plain)]',
      'inside',
      '[resource file:///b.bin (binary), 3 bytes]',
      '[resource link https://example.com/doc "Doc"]',
    ]);
    expect(outcome).toMatchObject({ isError: false, truncated: false });
  });

  it('treats hostile content as data: SVG and non-image "images" become resources, broken parts are named', () => {
    const outcome = normalizeToolResult(
      {
        content: [
          { type: 'text', text: '<script>alert(1)</script>' },
          { type: 'image', data: 'PHN2Zz4=', mimeType: 'image/svg+xml' },
          { type: 'image', data: 'PGh0bWw+', mimeType: 'text/html' },
          { type: 'image', data: 'not base64 <b>', mimeType: 'image/png' },
          { type: 'widget', html: '<iframe>' },
        ],
        isError: true,
      },
      10_000,
    );
    expect(outcome.items).toEqual([
      { kind: 'text', text: '<script>alert(1)</script>' },
      { kind: 'resource', uri: 'data:', mimeType: 'image/svg+xml', blob: 'PHN2Zz4=' },
      { kind: 'resource', uri: 'data:', mimeType: 'text/html', blob: 'PGh0bWw+' },
    ]);
    expect(outcome.items.some((item) => item.kind === 'html' || item.kind === 'image')).toBe(false);
    expect(outcome.text).toContain('[unsupported content of type "image"]');
    expect(outcome.text).toContain('[unsupported content of type "widget"]');
    expect(outcome.isError).toBe(true);
  });

  it('cuts text beyond the budget with a note the model can act on', () => {
    const outcome = normalizeToolResult({ content: [{ type: 'text', text: 'y'.repeat(1_000) }] }, 100);
    expect(outcome.truncated).toBe(true);
    expect(outcome.text.startsWith('y'.repeat(100))).toBe(true);
    expect(outcome.text).toContain('[Result truncated: 100 of 1000 characters shown.');
  });

  it('keeps structured content as json and gives it to the model when there is no text', () => {
    const outcome = normalizeToolResult({ content: [], structuredContent: { temperature: 21 } }, 1_000);
    expect(outcome.items).toEqual([{ kind: 'json', value: { temperature: 21 } }]);
    expect(outcome.text).toBe('{"temperature":21}');
  });

  it('survives results that are not objects', () => {
    expect(normalizeToolResult('nonsense', 100)).toEqual({
      items: [],
      text: '',
      isError: false,
      truncated: false,
    });
  });
});
