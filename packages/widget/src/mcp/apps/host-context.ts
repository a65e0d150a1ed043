import type {
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiStyles,
} from '@modelcontextprotocol/ext-apps/app-bridge';

/** The `<agent-chat>` an app's stage sits in, as far as the host context reads it. */
export interface ChatHost extends HTMLElement {
  theme?: 'light' | 'dark' | 'auto' | undefined;
  lang: string;
}

// The widget's palette (resolved from its --agent-chat-* properties, see agent-chat.styles.ts) under the
// names the MCP Apps spec gives them.
const STYLE_MAP: ReadonlyArray<[keyof McpUiStyles, string]> = [
  ['--color-background-primary', '--_bg'],
  ['--color-background-secondary', '--_surface'],
  ['--color-text-primary', '--_fg'],
  ['--color-text-secondary', '--_muted'],
  ['--color-border-primary', '--_border'],
  ['--color-ring-primary', '--_accent'],
  ['--border-radius-md', '--_radius'],
];

/** `light` or `dark`: the element's `theme`, or the visitor's preference for `auto`. */
export function themeOf(host: ChatHost): 'light' | 'dark' {
  if (host.theme === 'dark' || host.theme === 'light') return host.theme;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The language the app should speak: the element's `lang`, else the page's, else the browser's. */
export function localeOf(host: ChatHost): string {
  return host.lang || document.documentElement.lang || navigator.language;
}

/** Theme, palette and font of the element, as the spec's `theme` and `styles.variables`. */
export function themeContext(host: ChatHost): Pick<McpUiHostContext, 'theme' | 'styles' | 'locale'> {
  const computed = getComputedStyle(host);
  const variables: Partial<McpUiStyles> = {};
  for (const [spec, own] of STYLE_MAP) {
    const value = computed.getPropertyValue(own).trim();
    if (value) variables[spec] = value;
  }
  variables['--font-sans'] = computed.fontFamily;
  return {
    theme: themeOf(host),
    styles: { variables: variables as McpUiStyles },
    locale: localeOf(host),
  };
}

/** Display modes the stage can give: pip only where the page is wide enough to float the app aside. */
export function availableModes(): McpUiDisplayMode[] {
  return innerWidth >= 900 ? ['inline', 'fullscreen', 'pip'] : ['inline', 'fullscreen'];
}

/** The whole context an app gets with `ui/initialize`. */
export function hostContext(
  host: ChatHost,
  container: HTMLElement,
  displayMode: McpUiDisplayMode,
  toolInfo: McpUiHostContext['toolInfo'],
): McpUiHostContext {
  return {
    ...themeContext(host),
    displayMode,
    availableDisplayModes: availableModes(),
    containerDimensions: { width: Math.round(container.clientWidth), maxHeight: 640 },
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: 'web',
    userAgent: 'agent-chat',
    deviceCapabilities: {
      touch: matchMedia('(pointer: coarse)').matches,
      hover: matchMedia('(hover: hover)').matches,
    },
    ...(toolInfo ? { toolInfo } : {}),
  };
}
