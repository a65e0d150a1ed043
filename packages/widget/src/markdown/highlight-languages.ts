// Every language of @speed-highlight/core, each a lazy chunk of its own: a code block loads its language and the
// sub-languages it names (comments' TODO marks, JSDoc, regular expressions…), nothing else.

/** A language module: its rules, and the type of the text no rule matches. */
export interface LanguageModule {
  default: unknown[];
  type?: string;
}

export const LANGUAGE_LOADERS: Record<string, () => Promise<LanguageModule>> = {
  asm: () => import('@speed-highlight/core/languages/asm.js'),
  bash: () => import('@speed-highlight/core/languages/bash.js'),
  bf: () => import('@speed-highlight/core/languages/bf.js'),
  c: () => import('@speed-highlight/core/languages/c.js'),
  css: () => import('@speed-highlight/core/languages/css.js'),
  csv: () => import('@speed-highlight/core/languages/csv.js'),
  diff: () => import('@speed-highlight/core/languages/diff.js'),
  docker: () => import('@speed-highlight/core/languages/docker.js'),
  git: () => import('@speed-highlight/core/languages/git.js'),
  go: () => import('@speed-highlight/core/languages/go.js'),
  html: () => import('@speed-highlight/core/languages/html.js'),
  http: () => import('@speed-highlight/core/languages/http.js'),
  ini: () => import('@speed-highlight/core/languages/ini.js'),
  java: () => import('@speed-highlight/core/languages/java.js'),
  js: () => import('@speed-highlight/core/languages/js.js'),
  js_template_literals: () => import('@speed-highlight/core/languages/js_template_literals.js'),
  jsdoc: () => import('@speed-highlight/core/languages/jsdoc.js'),
  json: () => import('@speed-highlight/core/languages/json.js'),
  'leanpub-md': () => import('@speed-highlight/core/languages/leanpub-md.js'),
  log: () => import('@speed-highlight/core/languages/log.js'),
  lua: () => import('@speed-highlight/core/languages/lua.js'),
  make: () => import('@speed-highlight/core/languages/make.js'),
  md: () => import('@speed-highlight/core/languages/md.js'),
  pl: () => import('@speed-highlight/core/languages/pl.js'),
  plain: () => import('@speed-highlight/core/languages/plain.js'),
  py: () => import('@speed-highlight/core/languages/py.js'),
  regex: () => import('@speed-highlight/core/languages/regex.js'),
  rs: () => import('@speed-highlight/core/languages/rs.js'),
  sql: () => import('@speed-highlight/core/languages/sql.js'),
  todo: () => import('@speed-highlight/core/languages/todo.js'),
  toml: () => import('@speed-highlight/core/languages/toml.js'),
  ts: () => import('@speed-highlight/core/languages/ts.js'),
  uri: () => import('@speed-highlight/core/languages/uri.js'),
  xml: () => import('@speed-highlight/core/languages/xml.js'),
  yaml: () => import('@speed-highlight/core/languages/yaml.js'),
};
