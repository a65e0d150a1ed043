import { describe, expect, it } from 'vitest';
import { CATALOG_SUMMARY_WORDS, catalogSummary } from './catalog-summary.js';

describe('catalogSummary', () => {
  it('leaves out a summary that only repeats the tool and server names', () => {
    expect(catalogSummary('Search for users on GitHub', 'search_users', 'github')).toBe('');
    expect(catalogSummary('Merge a pull request', 'merge_pull_request', 'github')).toBe('');
    expect(catalogSummary('Searches docs.', 'search', 'docs')).toBe('');
    expect(catalogSummary('Create a new issue in a GitHub repository', 'create_issue', 'github')).toBe(
      'Create new issue repository',
    );
  });

  it("keeps the first clause without filler words or the server's own name, cut to the word limit with nothing dangling", () => {
    expect(
      catalogSummary(
        'Get the contents of a file or directory from a GitHub repository',
        'get_file_contents',
        'github',
        6,
      ),
    ).toBe('Get contents file or directory repository');
    expect(
      catalogSummary('Search for nodes in the knowledge graph based on a query', 'search_nodes', 'memory', 6),
    ).toBe('Search nodes knowledge graph based query');
    // The shipped limit, CATALOG_SUMMARY_WORDS (9, chosen by `pnpm bench mcp-tool-tokens`).
    expect(CATALOG_SUMMARY_WORDS).toBe(9);
    expect(
      catalogSummary(
        'Get a detailed listing of all files and directories in a specified path, including sizes.',
        'list_directory_with_sizes',
        'files',
      ),
    ).toBe('Get detailed listing all files and directories specified path');
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

  it('keeps a filler word joined by "or"/"and", and a common word that is also the server id', () => {
    expect(catalogSummary('Turns tracing on or off for the session', 'tracing', 'debug')).toBe(
      'Turns tracing on or off session',
    );
    expect(catalogSummary('Moves files between two folders', 'move', 'files')).toBe(
      'Moves files between two folders',
    );
  });
});
