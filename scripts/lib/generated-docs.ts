// A documentation set of any size for bench/knowledge-scale and the built-index e2e test:
// ~8 KB Markdown pages with headings, a Zipf-like vocabulary (common words in every page, rarer ones in
// few), and one fact per page that only that page holds (its service's code name and maintenance window).

const SYLLABLES =
  'ka lo mi ne ru sa te vo zi pa qua fen dor gil hax jun mor pel rin sut wex yol bram crit'.split(' ');
const COMMON =
  'install configure account project setting user team access token request response error limit export import ' +
  'backup restore schedule report dashboard integration webhook billing invoice plan storage region cluster ' +
  'deploy release version update log metric alert policy role permission key secret network domain'.split(
    ' ',
  );

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A made-up word from a number (distinct numbers give distinct words). */
function word(n: number): string {
  let out = '';
  let rest = n;
  do {
    out += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  } while (rest > 0);
  return out;
}

/** Page `i`'s unique service name, e.g. the one the e2e test asks about. */
export const serviceName = (i: number) => `${word(7919 * (i + 3))}feather`;
/** Page `i`'s fact. */
export const maintenanceWindow = (i: number) =>
  `${['Monday', 'Tuesday', 'Friday'][i % 3]} ${String(i % 24).padStart(2, '0')}:40 UTC`;

function sentence(next: () => number, vocabulary: number): string {
  const length = 8 + Math.floor(next() * 10);
  const words: string[] = [];
  for (let w = 0; w < length; w++) {
    const r = next();
    // Half the words common, the rest Zipf-like over the made-up vocabulary.
    words.push(
      r < 0.5 ? COMMON[Math.floor(next() * COMMON.length)]! : word(Math.floor(vocabulary ** next())),
    );
  }
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** Page `i` of the set (Markdown, about `bytes` long). */
export function generatedDocument(i: number, bytes = 8 * 1024): { path: string; markdown: string } {
  const next = random(i + 1);
  const service = serviceName(i);
  let markdown = `# The ${service} service\n\n`;
  let section = 0;
  while (markdown.length < bytes) {
    markdown += `## ${COMMON[(i + section) % COMMON.length]} ${word(section + 11)}\n\n`;
    for (let p = 0; p < 3; p++) {
      const sentences = Array.from({ length: 4 }, () => sentence(next, 20000));
      if (section === 1 && p === 1)
        sentences.splice(
          2,
          0,
          `The maintenance window of the ${service} service is ${maintenanceWindow(i)}.`,
        );
      markdown += `${sentences.join(' ')}\n\n`;
    }
    section++;
  }
  return { path: `docs/${i}.md`, markdown };
}
