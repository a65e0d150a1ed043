import { fromJSONSchema } from '../tools/json-schema-type.js';
import { defineTool, type Tool } from '../tools/tool.js';
import type { KnowledgeBase } from './knowledge-base.js';
import { RagInputError } from './rag-errors.js';

/** Characters per `read_attachment` page: 10 KB of ASCII text, few enough for any context window. */
export const ATTACHMENT_PAGE_CHARS = 10 * 1024;

/** Options of {@link knowledgeTools}. */
export interface KnowledgeToolsOptions {
  /** The conversation whose attachments the tools may see (besides the shared documents). */
  conversationId?: string;
  /** Chunks `rag_search` returns by default; default 5. */
  k?: number;
}

/**
 * The tools a model uses to read a knowledge base: `rag_search` (relevant chunks with source and
 * score) and `read_attachment` (a document page by page). Pass them in the agent's `tools`.
 */
export function knowledgeTools(knowledge: KnowledgeBase, options: KnowledgeToolsOptions = {}): Tool[] {
  return [ragSearchTool(knowledge, options) as Tool, readAttachmentTool(knowledge, options) as Tool];
}

/** `rag_search`: the most relevant passages with their source and score. */
function ragSearchTool(knowledge: KnowledgeBase, options: KnowledgeToolsOptions) {
  const { conversationId } = options;
  const scope = conversationId ? { conversationId } : {};
  return defineTool({
    name: 'rag_search',
    description:
      'Searches the knowledge base (documents and files the user attached) and returns the most relevant passages with their source. ' +
      'Use it before answering questions about those documents; quote the source.',
    parameters: fromJSONSchema<{ query: string; k?: number }>({
      type: 'object',
      properties: {
        query: {
          type: 'string',
          minLength: 1,
          description: 'What to look for, in words likely to appear in the documents.',
        },
        k: {
          type: 'integer',
          minimum: 1,
          maximum: 20,
          description: 'How many passages to return (default 5).',
        },
      },
      required: ['query'],
    }),
    execute: async ({ query, k }, { signal }) => {
      const result = await knowledge.search(query, { k: k ?? options.k ?? 5, signal, ...scope });
      return {
        mode: result.mode,
        ...(result.note ? { note: result.note } : {}),
        results: result.hits.map((hit) => ({
          source: hit.source,
          title: hit.title,
          ...(hit.section ? { section: hit.section } : {}),
          score: Number(hit.score.toFixed(4)),
          text: hit.text,
        })),
        ...(result.hits.length === 0
          ? { hint: 'Nothing matched: try other words, or read_attachment to read a file.' }
          : {}),
      };
    },
  });
}

/** `read_attachment`: a document as text, page by page. */
function readAttachmentTool(knowledge: KnowledgeBase, { conversationId }: KnowledgeToolsOptions) {
  return defineTool({
    name: 'read_attachment',
    description: `Reads an attached file or knowledge-base document as text, ${ATTACHMENT_PAGE_CHARS / 1024} KB per page. Start with page 1; the result says how many pages there are.`,
    parameters: fromJSONSchema<{ source: string; page?: number }>({
      type: 'object',
      properties: {
        source: {
          type: 'string',
          minLength: 1,
          description: 'The file name or URL, as rag_search or the user gave it.',
        },
        page: { type: 'integer', minimum: 1, description: '1-based page number (default 1).' },
      },
      required: ['source'],
    }),
    execute: async ({ source, page = 1 }) => {
      const documents = await knowledge.documents(conversationId);
      const document =
        documents.find((d) => d.source === source) ?? documents.find((d) => d.title === source);
      if (!document)
        throw new RagInputError(
          `No document "${source}". Available: ${documents.map((d) => JSON.stringify(d.source)).join(', ') || 'none'}.`,
        );
      const pages = Math.max(1, Math.ceil(document.text.length / ATTACHMENT_PAGE_CHARS));
      if (page > pages)
        throw new RagInputError(`"${source}" has ${pages} page(s); ask for page 1 to ${pages}.`);
      const text = document.text.slice((page - 1) * ATTACHMENT_PAGE_CHARS, page * ATTACHMENT_PAGE_CHARS);
      return {
        source: document.source,
        page,
        pages,
        text,
        ...(page < pages ? { next: `Call read_attachment with page ${page + 1} for more.` } : {}),
      };
    },
  });
}
