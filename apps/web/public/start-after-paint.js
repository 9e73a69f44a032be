// Starts the app's entry once the page has painted (apps/server/src/http/spa.ts puts this script,
// with the entry's URL in data-entry and a modulepreload of it, in place of the entry's own
// script tag on the menu route, whose HTML holds the static app shell). A hidden tab paints
// nothing: it starts at once. crossOrigin '' matches the modulepreload's, so the preloaded
// module is the one run.
(function () {
  var entry = document.currentScript && document.currentScript.dataset.entry;
  if (!entry) return;
  function start() {
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
