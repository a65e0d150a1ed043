/**
 * The stream both chats render: deterministic Markdown (headings, paragraphs with inline marks, math,
 * lists, fenced code) cut into `count` tokens of about one word each, as a model streams them.
 */
export function markdownTokens(count: number): string[] {
  const words = 'the agent streams each token into the log while the reader scrolls and code appears'.split(
    ' ',
  );
  const parts: string[] = [];
  let section = 0;
  while ((parts.join('').match(/\s*\S+/g)?.length ?? 0) < count) {
    section++;
    parts.push(`## Section ${section}\n\n`);
    for (let p = 0; p < 2; p++) {
      const sentence = Array.from({ length: 40 }, (_, i) => {
        const word = words[(section * 7 + p * 3 + i) % words.length]!;
        return i % 11 === 5 ? `**${word}**` : i % 13 === 7 ? `\`${word}\`` : word;
      });
      parts.push(`${sentence.join(' ')}.\n\n`);
    }
    // Math, as models write it: an inline formula and a displayed one (typeset by KaTeX in <agent-chat>).
    parts.push(
      `The steep time grows as $t_{${section}} = t_0 \\cdot 2^{n}$ for each infusion.\n\n` +
        `$$\n\\sum_{i=1}^{${section}} \\frac{i^2}{2}\n$$\n\n`,
    );
    parts.push(`- first item ${section}\n- second item with *emphasis*\n- third item\n\n`);
    parts.push(
      '```ts\n' +
        `export function step${section}(input: number): number {\n` +
        `  const doubled = input * 2; // section ${section}\n` +
        '  return doubled + 1;\n}\n```\n\n',
    );
  }
  // One token = a run of non-space characters with the whitespace before it, like BPE word pieces.
  return (parts.join('').match(/\s*\S+/g) ?? []).slice(0, count);
}
