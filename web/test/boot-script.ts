import type { EarlyData } from '../api/early-answers';
// The boot script of the pre-painted pages, as the build ships it (web/build/boot-after-paint.js).
import bootScript from '../build/boot-after-paint.js?raw';

/** Runs the boot script as a pre-painted page does, below a template holding `tags` and, if given, `early`. */
export function runBootScript(tags = '', early?: EarlyData[]) {
  document.head.innerHTML = `<template id="boot-scripts">${tags}</template>`;
  if (early) {
    document.getElementById('boot-scripts')?.setAttribute('data-early', JSON.stringify(early));
  }
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script file itself, as the page runs it
  new Function(bootScript)();
}

/** Forgets what the boot script left on the window and in the head, so the next test boots afresh. */
export function forgetBootScript() {
  window.gemeindeSession = undefined;
  window.gemeindeClientConfig = undefined;
  window.gemeindeEarlyAnswers = undefined;
  document.head.innerHTML = '';
}
