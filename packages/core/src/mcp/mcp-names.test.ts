import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors.js';
import { checkServerId, firstSentence, isToolAllowed, qualifiedToolName } from './mcp-names.js';

describe('MCP tool names', () => {
  it('namespaces tools as mcp__{server}__{tool} in the characters providers accept', () => {
    expect(qualifiedToolName('github', 'search_issues')).toBe('mcp__github__search_issues');
    expect(qualifiedToolName('fs', 'files/read.text')).toBe('mcp__fs__files_read_text');
  });

  it('shortens long names to 64 characters with a stable hash that keeps them distinct', () => {
    const a = qualifiedToolName('server', `${'x'.repeat(80)}_a`);
    const b = qualifiedToolName('server', `${'x'.repeat(80)}_b`);
    expect(a).toHaveLength(64);
    expect(a).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(qualifiedToolName('server', `${'x'.repeat(80)}_a`)).toBe(a);
  });

  it('refuses server ids that would make ambiguous or invalid names', () => {
    expect(checkServerId('docs-2')).toBe('docs-2');
    expect(() => checkServerId('my_server')).toThrow(ConfigurationError);
    expect(() => checkServerId('')).toThrow(/1-24 letters/);
  });

  it('keeps the first sentence of a description', () => {
    expect(firstSentence('Searches issues. Use qualifiers like is:open.')).toBe('Searches issues.');
    expect(firstSentence('Version 1.2 is supported! More text.')).toBe('Version 1.2 is supported!');
    expect(firstSentence('No full stop here')).toBe('No full stop here');
    expect(firstSentence(undefined)).toBe('');
    expect(firstSentence('a'.repeat(300))).toHaveLength(160);
  });

  it('applies allow and deny lists with * wildcards', () => {
    expect(isToolAllowed('get-env', ['get-*'], ['get-env'])).toBe(false);
    expect(isToolAllowed('get-sum', ['get-*'], ['get-env'])).toBe(true);
    expect(isToolAllowed('echo', ['get-*'])).toBe(false);
    expect(isToolAllowed('anything')).toBe(true);
    expect(isToolAllowed('a.b', ['a.*'])).toBe(true);
    expect(isToolAllowed('axb', ['a.b'])).toBe(false);
  });
});
