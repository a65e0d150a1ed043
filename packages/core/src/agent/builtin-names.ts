/** Names of the built-in control tools; an app tool of the same name takes precedence. */
export const PLAN_WORKFLOW = 'plan_workflow';
export const ASK_USER = 'ask_user';
/** The built-in tool that loads MCP tool definitions from the catalog (lazy MCP loading). */
export const LOAD_TOOLS = 'load_tools';
