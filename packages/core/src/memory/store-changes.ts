/** A change another tab (or this one) made, announced on a BroadcastChannel named after the database. */
export interface StoreChange {
  type: 'appended' | 'renamed' | 'deleted' | 'imported';
  conversationId: string;
}

/** Change notifications shared by every tab of one origin that opens the same database. */
export interface StoreChanges {
  announce(change: StoreChange): void;
  onChange(listener: (change: StoreChange) => void): () => void;
  close(): void;
}

/**
 * Tells this tab's listeners and, through a BroadcastChannel, other tabs' stores about a change, so a
 * conversation list stays current everywhere. Without BroadcastChannel only this tab hears it.
 */
export function storeChanges(databaseName: string): StoreChanges {
  const channel =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`agent-chat:${databaseName}`);
  const listeners = new Set<(change: StoreChange) => void>();
  channel?.addEventListener('message', (event: MessageEvent<StoreChange>) => {
    for (const listener of listeners) listener(event.data);
  });
  return {
    announce(change) {
      // A channel does not deliver to its own sender: this tab's listeners are called directly.
      channel?.postMessage(change);
      for (const listener of listeners) listener(change);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => channel?.close(),
  };
}
