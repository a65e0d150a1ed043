import type { ConversationExport } from './conversation-store.js';

/**
 * Checks an import and says what is wrong; shared by every store. Throws `ConversationImportError`
 * naming the first bad message (see conversation-import-check.ts, loaded only when a file is imported).
 */
export async function assertConversationExport(data: unknown): Promise<ConversationExport> {
  const check: { checkConversationExport(data: unknown): asserts data is ConversationExport } = await import(
    './conversation-import-check.js'
  );
  check.checkConversationExport(data);
  return data;
}
