// A page drawn before its scripts (web/build/pre-painted-pages.ts) keeps the app's scripts in <template id="boot-scripts">, so
// that the page's first paint does not wait behind them on a slow connection. This loads them right after that
// paint: when the browser reports the first contentful paint (a tab opened in the background paints when it is
// shown), or where it does not report paints, one frame after the first one. A timeout is the last resort.
(function () {
  var template = document.getElementById('boot-scripts');
  var started = false;
  function load() {
    if (started || !template) {
      return;
    }
    started = true;
    var tags = template.content.children;
    for (var index = 0; index < tags.length; index++) {
      var tag = tags[index];
      var element = document.createElement(tag.localName);
      for (var attribute = 0; attribute < tag.attributes.length; attribute++) {
        element.setAttribute(tag.attributes[attribute].name, tag.attributes[attribute].value);
      }
      document.head.appendChild(element);
    }
  }
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (paints && paints.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) {
        observer.disconnect();
        load();
      }
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(load, 0);
      });
    });
  }
  setTimeout(load, 3000);
})();
