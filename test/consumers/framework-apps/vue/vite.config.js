import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  // <agent-chat> is a custom element, not a Vue component.
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'agent-chat' } } })],
  build: { outDir: 'dist', emptyOutDir: true },
  logLevel: 'warn',
});
