const loading = new Map<string, Promise<void>>();

/** Adds `<script src>` once and resolves when it has run (a failed load may be retried). */
export function loadScript(src: string): Promise<void> {
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`script ${src}`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, p);
  }
  return p;
}
