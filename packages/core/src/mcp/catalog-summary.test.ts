import { describe, expect, it } from 'vitest';
import { CATALOG_SUMMARY_WORDS, catalogSummary } from './catalog-summary.js';

describe('catalogSummary', () => {
  it('leaves out a summary that only repeats the tool and server names', () => {
    expect(catalogSummary('Search for users on GitHub', 'search_users', 'github')).toBe('');
    expect(catalogSummary('Merge a pull request', 'merge_pull_request', 'github')).toBe('');
    expect(catalogSummary('Searches docs.', 'search', 'docs')).toBe('');
    expect(catalogSummary('Create a new issue in a GitHub repository', 'create_issue', 'github')).toBe(
      'Create new issue in GitHub repository',
    );
  });

  it('keeps the first clause without articles, cut to the word limit with nothing dangling', () => {
    expect(
      catalogSummary(
        'Get the contents of a file or directory from a GitHub repository',
        'get_file_contents',
        'github',
        6,
      ),
    ).toBe('Get contents of file or directory');
    expect(
      catalogSummary('Search for nodes in the knowledge graph based on a query', 'search_nodes', 'memory', 6),
    ).toBe('Search for nodes in knowledge graph');
    // The shipped limit, CATALOG_SUMMARY_WORDS (9, chosen by `pnpm bench mcp-tool-tokens`).
    expect(CATALOG_SUMMARY_WORDS).toBe(9);
    expect(
      catalogSummary(
        'Get a detailed listing of all files and directories in a specified path, including sizes.',
        'list_directory_with_sizes',
        'files',
      ),
    ).toBe('Get detailed listing of all files and directories');
    expect(
      catalogSummary(
        'Returns all environment variables, helpful for debugging MCP server configuration',
        'get-env',
        'everything',
      ),
    ).toBe('Returns all environment variables');
    expect(
      catalogSummary('Toggles simulated, random-leveled logging on or off', 'toggle-logging', 'everything'),
    ).toBe('Toggles simulated, random-leveled logging on or off');
    expect(catalogSummary('Answers pong.', 'ping', 'notes')).toBe('Answers pong');
    expect(catalogSummary('Reads a page (any format).', 'read', 'web', 3)).toBe('Reads page');
  });
});
