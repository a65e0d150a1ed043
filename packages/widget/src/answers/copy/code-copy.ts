/**
 * Adds a copy button (part `code-copy`) to each code block of the answers that have an actions bar (the
 * bar follows its answer).
 * Code blocks are DOM nodes made by the Markdown renderer (and replaced when highlighted), not Lit
 * templates, so the buttons are added after each render to the blocks that lack one.
 */
export function addCodeCopyButtons(
  root: ParentNode,
  label: string,
  copied: (itemId: string, code: string) => void,
): void {
  for (const bar of root.querySelectorAll<HTMLElement>('.answer-actions[data-item]')) {
    const itemId = bar.dataset.item!;
    for (const pre of bar.previousElementSibling?.querySelectorAll<HTMLElement>('.markdown pre') ?? []) {
      if (pre.querySelector(':scope > .code-copy')) continue;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'code-copy';
      button.setAttribute('part', 'code-copy');
      button.textContent = label;
      button.addEventListener('click', () =>
        copied(itemId, (pre.querySelector('code')?.textContent ?? '').replace(/\n$/, '')),
      );
      pre.append(button);
    }
  }
}
