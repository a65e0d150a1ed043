/**
 * A chunk of views loaded with the first item that needs it: undefined until it is there, and `rerender` runs
 * then. A failed load is tried again on the next render.
 */
export function lazyChunk<T>(load: () => Promise<T>): (rerender: () => void) => T | undefined {
  let views: T | undefined;
  let loading: Promise<void> | undefined;
  return (rerender) => {
    if (!views && !loading)
      loading = load().then(
        (loaded) => {
          views = loaded;
          rerender();
        },
        () => {
          loading = undefined;
        },
      );
    return views;
  };
}
