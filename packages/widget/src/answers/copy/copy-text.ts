/**
 * Puts `text` on the clipboard; false when the browser refused (permission denied, page not focused, no
 * Clipboard API on an insecure page). Never throws.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
