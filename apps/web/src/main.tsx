// The entry: only the shared CSS and a pause. On the menu route the server's HTML already holds
// the static app shell (apps/server/src/http/spa.ts); letting the browser paint it before the
// app's code is evaluated (React alone is ~0.2 s of main thread on a mid-range phone) puts the
// page on screen without waiting for the JS. A hidden tab paints nothing: it starts at once.
import './app/mantine-styles.ts';
import './app/global.css';

await new Promise<void>((resolve) => {
  if (document.visibilityState === 'hidden') resolve();
  else requestAnimationFrame(() => setTimeout(resolve, 0));
});
await import('./boot.tsx');
