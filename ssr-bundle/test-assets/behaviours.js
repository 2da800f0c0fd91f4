// Test bundle: the URL decides what the render does.
globalThis.render = async function (input) {
  const { url } = JSON.parse(input);
  if (url.includes('loop')) {
    for (;;) {} // a runaway render: only the engine's deadline stops it
  }
  if (url.includes('throw')) {
    throw new Error('falla de prueba en el render');
  }
  if (url.includes('never')) {
    return new Promise(() => {}); // waits for something that never comes
  }
  await Promise.resolve();
  return JSON.stringify({ kind: 'page', status: 200, html: '<p>' + url + '</p>', hydration: '{}', title: null });
};
