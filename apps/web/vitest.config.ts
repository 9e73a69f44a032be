import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // jsdom pages with axe take 1–3 s on a quiet machine and over 5 s (Vitest's default) when the
    // machine is busy: a time-out there says nothing about the page.
    testTimeout: 20_000,
    // As the other projects (vitest.config.ts RETRY): once more in CI, listed by scripts/test.mjs.
    retry: Number(process.env.RANGO_RETRY ?? (process.env.CI ? 1 : 0)),
  },
});
