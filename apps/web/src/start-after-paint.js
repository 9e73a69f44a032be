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
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
