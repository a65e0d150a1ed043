// Which tools the page draws with its own elements: `tool-views` (JSON) or the `toolViews` property. Read
// when a stage renders (from the lazy stage views), so the main entry carries no code for it.

/** Tool name → tag of a custom element the page defines, e.g. `{ "search_products": "tea-results" }`. */
export type ToolViews = Readonly<Record<string, string>>;

/** What the element offers for views: the property (a plain own property, read lazily), the attribute, and
 * page tools defined with a `view`. */
interface ViewsHost extends Element {
  toolViews?: unknown;
  tools?: readonly { name: string; view?: string | undefined }[];
}

const TAG = /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/;
let parsed: { text: string; views: ToolViews } | undefined;
const checkedProperties = new WeakMap<object, ToolViews>();

/** The configured views: the `toolViews` property when set, else the `tool-views` attribute. */
export function toolViewsOf(host: Element): ToolViews {
  const property = (host as ViewsHost).toolViews;
  if (typeof property === 'object' && property !== null) {
    const known = checkedProperties.get(property);
    if (known) return known;
    const views = checked(property, 'toolViews');
    checkedProperties.set(property, views);
    return views;
  }
  const text = host.getAttribute('tool-views');
  if (!text) return {};
  if (parsed?.text !== text) parsed = { text, views: parseAttribute(text) };
  return parsed.views;
}

/** The tag of `tool`'s view (`tool-views` first, then a page tool's `view`), or undefined when it has none. */
export function viewTagOf(host: Element, tool: string): string | undefined {
  const views = toolViewsOf(host);
  if (Object.hasOwn(views, tool)) return views[tool];
  const tools = (host as ViewsHost).tools;
  return Array.isArray(tools) ? tools.find((t) => t?.name === tool)?.view : undefined;
}

function parseAttribute(text: string): ToolViews {
  try {
    return checked(JSON.parse(text), 'tool-views');
  } catch (error) {
    console.error(
      `<agent-chat>: tool-views must be JSON mapping tool names to custom element tags, e.g. {"search_products":"tea-results"}: ${String(error)}`,
    );
    return {};
  }
}

/** Keeps the entries whose value is a valid custom element name; the others are named in a console error. */
function checked(value: unknown, where: string): ToolViews {
  if (typeof value !== 'object' || Array.isArray(value)) {
    console.error(`<agent-chat>: ${where} must be an object mapping tool names to custom element tags.`);
    return {};
  }
  const views: Record<string, string> = {};
  for (const [tool, tag] of Object.entries(value as object)) {
    if (typeof tag === 'string' && TAG.test(tag)) views[tool] = tag;
    else
      console.error(
        `<agent-chat>: ${where}: the view of "${tool}" must be a custom element tag with a hyphen (e.g. "tea-results"), got ${JSON.stringify(tag)}.`,
      );
  }
  return views;
}
