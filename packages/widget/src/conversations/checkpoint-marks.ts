/**
 * The conversations of database `name` that have a paused run, kept in localStorage (`agent-chat-resume:paused:
 * <name>`): a page load checks them before it loads any code for paused runs. With storage off, every
 * conversation may have one.
 */
export function checkpointMarks(name: string) {
  const key = `agent-chat-resume:paused:${name}`;
  const read = (): string[] | undefined => {
    try {
      return JSON.parse(localStorage.getItem(key) ?? '[]') as string[];
    } catch {
      return undefined;
    }
  };
  return {
    has: (id: string) => read()?.includes(id) ?? true,
    set(id: string, on: boolean) {
      const ids = (read() ?? []).filter((kept) => kept !== id);
      try {
        if (on) ids.push(id);
        if (ids.length) localStorage.setItem(key, JSON.stringify(ids));
        else localStorage.removeItem(key);
      } catch {
        // Storage off: `has` answers yes for every conversation, so nothing kept is missed.
      }
    },
  };
}
