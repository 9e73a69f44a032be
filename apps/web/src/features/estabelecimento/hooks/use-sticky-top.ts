import { useEffect, useState } from 'react';

/**
 * Height of the shell's sticky/fixed page header (the first `<header>` pinned at the top), so
 * the category bar sticks right under it. The shell exposes no variable for it; 0 without one.
 */
export function useStickyTop(): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const measure = () => {
      const pos = getComputedStyle(header).position;
      setTop(pos === 'sticky' || pos === 'fixed' ? Math.round(header.getBoundingClientRect().height) : 0);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(header);
    return () => ro.disconnect();
  }, []);
  return top;
}
