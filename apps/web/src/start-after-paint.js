// Starts the app's entry once the page has painted (apps/server/src/http/spa.ts puts this script
// in place of the entry's own script tag on the menu route, whose HTML holds the static app
// shell: data-entry is the entry, data-preload the modules it and the route import). Nothing is
// downloaded before the first paint but the HTML and the CSS. A hidden tab paints nothing: it
// starts at once. crossOrigin '' matches Vite's own module loading, so preloads are reused.
(function () {
  var script = document.currentScript;
  var entry = script && script.dataset.entry;
  if (!entry) return;
  var preload = (script.dataset.preload || '').split(' ').filter(Boolean);
  function start() {
    preload.forEach(function (href) {
      var l = document.createElement('link');
      l.rel = 'modulepreload';
      l.crossOrigin = '';
      l.href = href;
      document.head.appendChild(l);
    });
    var m = document.createElement('script');
    m.type = 'module';
    m.crossOrigin = '';
    m.src = entry;
    document.head.appendChild(m);
  }
  // The first frame is on screen when the browser reports its first contentful paint, a frame or
  // more after the requestAnimationFrame that draws it (a long page's raster, issue 14): a module
  // requested between the two counts as render-blocking for Lighthouse's simulated FCP (react's
  // 80 KB on slow 4G, /privacy's FCP ~1.0 → ~1.35 s on such a run). Without paint timing, or if
  // it never comes, the frame after the first is the start.
  var started = false;
  function once() {
    if (started) return;
    started = true;
    start();
  }
  if (document.visibilityState === 'hidden') return once();
  var paint = false;
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) once();
    }).observe({ type: 'paint', buffered: true });
    paint = PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
  } catch {
    /* no paint timing: the timer below */
  }
  addEventListener('visibilitychange', once);
  requestAnimationFrame(function () {
    setTimeout(once, paint ? 1000 : 0);
  });
})();
