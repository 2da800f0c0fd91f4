/** The legacy (string) server renderer, aliased by build.mjs to avoid the streaming one. */
declare module 'react-dom-server-legacy' {
  export { renderToString } from 'react-dom/server';
}
