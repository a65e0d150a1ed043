import { AgentChatError } from '../../errors.js';

/** A built knowledge index (from `agent-chat knowledge build`) is of another format version. */
export class KnowledgeIndexVersionError extends AgentChatError {
  readonly url: string;
  readonly version: unknown;

  constructor(url: string, version: unknown, supported: number) {
    super(
      'knowledge_index_version',
      `The knowledge index ${url} is format version ${JSON.stringify(version)}; this agent-chat reads version ${supported}. ` +
        'Build it again with `npx @agent-chat/core knowledge build` of the same agent-chat version as the page.',
    );
    this.url = url;
    this.version = version;
  }
}

/**
 * A file of a built knowledge index could not be used: `knowledge_file_corrupt` (it failed its checksum
 * even when fetched again) or `knowledge_file_missing` (the server did not give it). Search goes on with
 * the rest of the index.
 */
export class KnowledgeFileError extends AgentChatError {
  /** The file, relative to the index root, e.g. `terms/12.json.gz`. */
  readonly file: string;

  constructor(code: 'knowledge_file_corrupt' | 'knowledge_file_missing', file: string, detail: string) {
    super(
      code,
      `The knowledge index file ${file} ${detail}; search goes on without it. Upload the whole index folder again.`,
      { isRetryable: code === 'knowledge_file_missing' },
    );
    this.file = file;
  }
}

/** The build step refused its input: each unreadable document is named with the reason. */
export class KnowledgeBuildError extends AgentChatError {
  readonly failures: readonly { source: string; reason: string }[];

  constructor(failures: readonly { source: string; reason: string }[]) {
    super(
      'knowledge_build_failed',
      `The knowledge index was not built: ${failures.length} document(s) could not be read: ` +
        failures.map((f) => `${f.source} (${f.reason})`).join('; ') +
        '. Fix or remove them and build again.',
    );
    this.failures = failures;
  }
}
