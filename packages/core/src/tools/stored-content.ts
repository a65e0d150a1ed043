import type { ContentItem } from '../model/content.js';

/** Bytes of binary content (images, audio) one tool message keeps in the conversation store by default. */
export const STORED_CONTENT_MAX_BYTES = 1_000_000;

/**
 * The content items of a tool result as a conversation store keeps them: binary items (a generated
 * image, a plot) up to `maxBytes` in all, each one beyond it replaced by a text placeholder naming what was
 * left out, so a reload shows the picture when it fits and says so when it did not.
 */
export function storedContentItems(
  items: readonly ContentItem[],
  maxBytes: number = STORED_CONTENT_MAX_BYTES,
): ContentItem[] {
  let budget = maxBytes;
  return items.map((item) => {
    if (item.kind !== 'image' && item.kind !== 'audio') return item;
    // Base64 is 4 characters per 3 bytes.
    const bytes = Math.floor((item.data.length * 3) / 4);
    if (bytes <= budget) {
      budget -= bytes;
      return item;
    }
    const name = item.kind === 'image' && item.alt ? ` "${item.alt}"` : '';
    return {
      kind: 'text',
      text: `[${item.kind}${name} (${item.mimeType}, ${(bytes / 1_000_000).toFixed(1)} MB) not kept: over the ${(maxBytes / 1_000_000).toFixed(1)} MB storage cap]`,
    };
  });
}
