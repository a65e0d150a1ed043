import { defineConfig } from 'vite';

// No React plugin: Vite's own transform compiles the JSX (automatic runtime); a build needs no more.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  oxc: { jsx: { runtime: 'automatic' } },
  build: { outDir: 'dist', emptyOutDir: true },
  logLevel: 'warn',
});
