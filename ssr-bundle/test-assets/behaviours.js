// Test bundle: the URL decides what the render does.

// A minimal timer queue with the same host contract as the real polyfills: the engine calls
// __mostradorRunTimers() when no promise job is left, and gives up when it returns 0.
const timers = [];
globalThis.__mostradorRunTimers = () => {
  const due = timers.splice(0);
  for (const run of due) run();
  return due.length;
};
const later = (fn) => timers.push(fn);

globalThis.render = async function (input) {
  const { url } = JSON.parse(input);
  if (url.includes('timer-loop')) {
    return new Promise(() => {
      const again = () => later(again); // always one more timer: only the deadline stops it
      again();
    });
  }
  if (url.includes('loop')) {
    for (;;) {} // a runaway render: only the engine's deadline stops it
  }
  if (url.includes('throw')) {
    throw new Error('falla de prueba en el render');
  }
  if (url.includes('never')) {
    return new Promise(() => {}); // waits for something that never comes
  }
  if (url.includes('hog')) {
    const keep = [];
    for (;;) keep.push(new Array(100000).fill(keep.length)); // only the memory limit stops it
  }
  let html = '<p>' + url + '</p>';
  if (url.includes('timer')) {
    html = await new Promise((resolve) => later(() => resolve(html + '<p>después del temporizador</p>')));
  }
  if (url.includes('whoami')) {
    // Which engine rendered: a name each engine draws once.
    globalThis.__engineName ??= String(Math.random()).slice(2);
    html = '<p>' + globalThis.__engineName + '</p>';
  }
  if (url.includes('probe')) {
    // What the engine itself provides of what the real polyfills install when missing: it must
    // be the same on every engine, so that the same polyfills run everywhere.
    const names = ['console', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'performance', 'URL',
      'URLSearchParams', 'AbortController', 'Headers', 'Request', 'Response', '__mostradorLog'];
    html = names.map((n) => `${n}:${typeof globalThis[n]}`).join(' ');
    html += ` performance.now:${typeof globalThis.performance?.now}`;
    const order = [];
    queueMicrotask(() => order.push('microtask'));
    order.push('sync');
    await Promise.resolve();
    html += ` order:${order.join(',')}`;
  }
  await Promise.resolve();
  return JSON.stringify({ kind: 'page', status: 200, html, hydration: '{}', title: null });
};
