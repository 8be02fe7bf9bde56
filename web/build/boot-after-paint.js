// The static sign-in page (web/build/sign-in-page.ts) keeps the app's scripts in <template id="boot-scripts">, so
// that the page's first paint does not wait behind them on a slow connection. This loads them right after that
// paint: a timeout scheduled from the second animation frame runs once the first frame has been drawn. Hidden tabs
// draw no frames, so a plain timeout starts them too.
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
  requestAnimationFrame(function () {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  });
  setTimeout(load, 1000);
})();
