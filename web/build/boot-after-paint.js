// A page drawn before its scripts (web/build/pre-painted-pages.ts) keeps the app's scripts in <template id="boot-scripts">, so
// that the page's first paint does not wait behind them on a slow connection. This loads them right after that
// paint: when the browser reports the first contentful paint (a tab opened in the background paints when it is
// shown), or where it does not report paints, one frame after the first one. A timeout is the last resort.
(function () {
  // The client configuration (which host this is, the languages) is the app's first request: asked for now, it
  // arrives while the app's scripts download instead of one round trip after they ran. The app takes this answer
  // (web/kernel/client-config.tsx) and asks again itself if it failed.
  if (window.fetch && window.Promise) {
    window.gemeindeClientConfig = fetch('/api/client-config', {
      headers: { Accept: 'application/json' },
    }).then(function (response) {
      if (!response.ok) {
        throw new Error('client configuration: HTTP ' + response.status);
      }
      return response.json();
    });
    // Not an unhandled rejection before the app looks at it.
    window.gemeindeClientConfig.catch(function () {});
  }
  // The stored session (web/kernel/session/refresh-token-storage.ts) is traded for new tokens now as well: the
  // page's data waits for its access token. This is the app's own refresh (web/kernel/session/session.ts): under the
  // same lock, with the token of this tab before a remembered one, and the rotated token stored at once, so that no
  // other tab presents the old one. The app takes the answer (web/kernel/session/settle.ts). An address with a stash
  // code is left to the app: the code's session is the one to keep.
  var refreshTokenKey = 'auth.refreshToken';
  function storage(remember) {
    try {
      return remember ? window.localStorage : window.sessionStorage;
    } catch {
      return null;
    }
  }
  function stored(remember) {
    try {
      var place = storage(remember);
      return place ? place.getItem(refreshTokenKey) : null;
    } catch {
      return null;
    }
  }
  function keep(token, remember) {
    try {
      // Only the other storage is cleared: removing the key first would tell other tabs the session ended.
      var other = storage(!remember);
      if (other) {
        other.removeItem(refreshTokenKey);
      }
      storage(remember).setItem(refreshTokenKey, token);
    } catch {
      // Without storage the session lasts as long as this page; the app keeps the tokens in memory.
    }
  }
  function refresh() {
    var token = stored(false) || stored(true);
    if (!token) {
      return null;
    }
    return fetch('/api/auth/refresh-token', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: token }),
    }).then(function (response) {
      return response.json().then(
        function (body) {
          if (response.ok && body && typeof body.refreshToken === 'string') {
            keep(body.refreshToken, body.isRemember === true);
          }
          return { status: response.status, body: body };
        },
        function () {
          return { status: response.status, body: null };
        },
      );
    });
  }
  if (window.fetch && window.Promise && !/[?&]code=/.test(window.location.search)) {
    window.gemeindeSession = window.navigator.locks
      ? window.navigator.locks.request('auth.refresh', refresh)
      : Promise.resolve().then(refresh);
    window.gemeindeSession.catch(function () {});
  }
  // The texts' chunk of the stored language, else of the default one (web/i18n/i18n.ts decides the same way).
  var language = null;
  try {
    language = window.localStorage.getItem('lang');
  } catch {
    language = null;
  }
  var template = document.getElementById('boot-scripts');
  if (
    !template ||
    !/^[a-z]{2}$/.test(language) ||
    !template.content.querySelector('[data-language="' + language + '"]')
  ) {
    language = null;
  }
  // The first data of the page's screen is asked for as soon as the session is there, by the addresses the app will
  // ask for (the template's data-early, written by the build from the app's own calls; web/api/early-answers.ts
  // describes it). The app's API client takes each answer once, if its token and language are the same. With the
  // first row's pictures asked for too, the page's largest paint no longer waits for the app to run. An address
  // with a query is left to the app, which reads the query.
  var defaultTag = template && template.content.querySelector('[data-default]');
  var answerLanguage = language || (defaultTag && defaultTag.getAttribute('data-language'));
  function earlyPage() {
    var parts = window.location.pathname.split('/');
    var pages = JSON.parse(template.getAttribute('data-early') || '[]');
    for (var index = 0; index < pages.length; index++) {
      var pattern = pages[index].address.split('/');
      var params = {};
      var matches = pattern.length === parts.length;
      for (var part = 0; matches && part < pattern.length; part++) {
        if (pattern[part].charAt(0) === ':') {
          matches = /^[\w-]+$/.test(parts[part]);
          params[pattern[part].slice(1)] = parts[part];
        } else {
          matches = pattern[part] === parts[part];
        }
      }
      if (matches) {
        return { page: pages[index], params: params };
      }
    }
    return null;
  }
  // The page's largest paint is its first pictures: the app's scripts wait for them (see load), as long as they take
  // but no longer than holdMs, so that a phone paints them before it is busy running a megabyte of scripts, and
  // the pictures' requests do not queue behind some forty of the scripts' on the connection's few slots.
  var picturesShown = null;
  var picturesDone = function () {};
  var holdMs = 1500;
  function wantsPictures(images) {
    try {
      return window.localStorage.getItem(images.skipWhen.key) !== images.skipWhen.value;
    } catch {
      // Without storage the app shows its default view, the one with pictures.
      return true;
    }
  }
  function warm(images, response) {
    // Not in the list view, whose rows show small pictures (the page's pictures were not wanted at its start).
    if (!picturesShown) {
      return;
    }
    var count = Math.max(1, Math.floor((window.innerWidth - images.perRow.margin) / images.perRow.cell));
    response
      .then(function (answer) {
        // A copy: the app reads the answer itself.
        return answer.ok ? answer.clone().json() : null;
      })
      .then(function (body) {
        var items = (body && body.data) || [];
        // The pre-painted page's tiles (skeletons/library.html): each item's picture goes into its tile's frame,
        // where the app will draw the same picture, until the app's screen replaces the page's layer.
        var frames = document.querySelectorAll('#boot-skeleton [data-early-image]');
        var pending = 1;
        function settled() {
          pending--;
          if (pending === 0) {
            picturesDone();
          }
        }
        for (var item = 0; item < items.length && item < count; item++) {
          var source = images.field.reduce(function (node, key) {
            return node && node[key];
          }, items[item]);
          if (typeof source === 'string') {
            var image = new Image();
            image.fetchPriority = 'high';
            image.alt = '';
            pending++;
            image.onload = image.onerror = settled;
            image.src = source;
            if (frames[item]) {
              frames[item].appendChild(image);
            }
          }
        }
        settled();
      })
      .catch(picturesDone);
  }
  function askEarly(found, session) {
    var signedIn = session && session.status === 200 && session.body && session.body.accessToken;
    if (!found || !signedIn || typeof answerLanguage !== 'string') {
      picturesDone();
      return;
    }
    var authorization = 'Bearer ' + session.body.accessToken;
    var answers = (window.gemeindeEarlyAnswers = {});
    found.page.requests.forEach(function (address, index) {
      var url = address.replace(/:(\w+)/g, function (whole, name) {
        return Object.prototype.hasOwnProperty.call(found.params, name) ? found.params[name] : whole;
      });
      var response = fetch(url, {
        headers: {
          Accept: 'application/json',
          'Accept-Language': answerLanguage,
          Authorization: authorization,
        },
      });
      response.catch(function () {});
      answers[url] = { authorization: authorization, language: answerLanguage, response: response };
      if (found.page.images && found.page.images.from === index) {
        warm(found.page.images, response);
      }
    });
  }
  if (window.gemeindeSession && template && !window.location.search) {
    var early = earlyPage();
    if (early && early.page.images && wantsPictures(early.page.images)) {
      picturesShown = new Promise(function (resolve) {
        picturesDone = resolve;
      });
    }
    window.gemeindeSession
      .then(function (session) {
        askEarly(early, session);
      })
      .catch(picturesDone);
  }
  function wanted(tag) {
    var of = tag.getAttribute('data-language');
    return of === null || (language === null ? tag.hasAttribute('data-default') : of === language);
  }
  var started = false;
  // Each added element starts a request, which costs the main thread a millisecond or more: the template's tags (the
  // app's scripts, then the chunks of the page's screen) are added in slices of about 3 ms, each its own task, so
  // that a slow phone does not see one long task (and a first tap still gets through). A slice ends after the
  // element that crossed the budget, so it runs over by one element's cost: at 8 ms the slices took 9–17 ms, each
  // a long task on a phone six to eight times slower than this machine.
  var sliceMs = 3;
  function now() {
    return window.performance && performance.now ? performance.now() : Date.now();
  }
  function append(tag) {
    var element = document.createElement(tag.localName);
    for (var attribute = 0; attribute < tag.attributes.length; attribute++) {
      element.setAttribute(tag.attributes[attribute].name, tag.attributes[attribute].value);
    }
    document.head.appendChild(element);
  }
  function load() {
    if (started || !template) {
      return;
    }
    started = true;
    var tags = template.content.children;
    var next = 0;
    function slice() {
      var begun = now();
      do {
        if (wanted(tags[next])) {
          append(tags[next]);
        }
        next++;
      } while (next < tags.length && now() - begun < sliceMs);
      if (next < tags.length) {
        setTimeout(slice, 0);
      }
    }
    if (tags.length === 0) {
      return;
    }
    if (!picturesShown) {
      slice();
      return;
    }
    var sliced = false;
    function once() {
      if (!sliced) {
        sliced = true;
        slice();
      }
    }
    picturesShown.then(once);
    setTimeout(once, holdMs);
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
