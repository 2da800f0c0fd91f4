/**
 * The web platform pieces that React and react-router expect and a bare QuickJS engine lacks.
 *
 * QuickJS gives ECMAScript only: no console, timers, URL, fetch classes or AbortController. This
 * file installs the minimum the render path uses, each only when missing (so the same bundle also
 * runs under Node for the benchmark baseline):
 * - `console` → the host's `__mostradorLog(level, text)` (server/ssr/engine.rs), else dropped;
 * - `setTimeout`/`clearTimeout` → a queue the host drains between promise jobs;
 * - `URL`/`URLSearchParams` for absolute http(s) URLs and root-relative references;
 * - `Headers`/`Request`/`Response`, `AbortController`/`AbortSignal`: what the static handler touches;
 * - `performance.now`, `queueMicrotask`.
 * Nothing here does I/O: rendering never fetches; the server loads all data beforehand.
 */

type Host = typeof globalThis & Record<string, unknown>;
const g = globalThis as Host;

// ---- console --------------------------------------------------------------------------------
if (typeof g.console === 'undefined') {
  const hostLog = g.__mostradorLog as ((level: string, text: string) => void) | undefined;
  const format = (args: unknown[]) =>
    args
      .map((a) => {
        if (typeof a === 'string') return a;
        if (a instanceof Error) return `${a.name}: ${a.message}\n${a.stack ?? ''}`;
        try {
          return JSON.stringify(a);
        } catch {
          return String(a);
        }
      })
      .join(' ');
  const make = (level: string) => (...args: unknown[]) => hostLog?.(level, format(args));
  g.console = {
    log: make('info'),
    info: make('info'),
    debug: make('debug'),
    warn: make('warn'),
    error: make('error'),
    trace: make('debug'),
  } as unknown as Console;
}

// ---- timers and microtasks -----------------------------------------------------------------
if (typeof g.setTimeout === 'undefined') {
  let nextTimer = 1;
  const timers = new Map<number, () => void>();
  g.setTimeout = ((fn: (...a: unknown[]) => void, _ms?: number, ...args: unknown[]) => {
    const id = nextTimer++;
    timers.set(id, () => fn(...args));
    return id;
  }) as unknown as typeof setTimeout;
  g.clearTimeout = ((id: number) => void timers.delete(id)) as typeof clearTimeout;
  /** Runs the timers queued so far; returns how many ran. Called by the host when no job is pending. */
  g.__mostradorRunTimers = () => {
    const due = [...timers.entries()];
    timers.clear();
    for (const [, run] of due) run();
    return due.length;
  };
}
if (typeof g.queueMicrotask === 'undefined') {
  g.queueMicrotask = (fn: () => void) => void Promise.resolve().then(fn);
}
if (typeof g.performance === 'undefined') {
  g.performance = { now: () => Date.now() } as Performance;
}

// ---- URLSearchParams and URL ----------------------------------------------------------------
const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};
const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

class SearchParams {
  private list: [string, string][] = [];
  constructor(init?: string | Record<string, string> | [string, string][] | SearchParams) {
    if (typeof init === 'string') {
      for (const part of init.replace(/^\?/, '').split('&')) {
        if (!part) continue;
        const eq = part.indexOf('=');
        this.list.push(eq < 0 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
      }
    } else if (init instanceof SearchParams) {
      this.list = [...init.list];
    } else if (Array.isArray(init)) {
      this.list = init.map(([k, v]) => [String(k), String(v)]);
    } else if (init) {
      this.list = Object.entries(init).map(([k, v]) => [k, String(v)]);
    }
  }
  get size() {
    return this.list.length;
  }
  append(k: string, v: string) {
    this.list.push([k, String(v)]);
  }
  delete(k: string) {
    this.list = this.list.filter(([key]) => key !== k);
  }
  get(k: string) {
    return this.list.find(([key]) => key === k)?.[1] ?? null;
  }
  getAll(k: string) {
    return this.list.filter(([key]) => key === k).map(([, v]) => v);
  }
  has(k: string) {
    return this.list.some(([key]) => key === k);
  }
  set(k: string, v: string) {
    const i = this.list.findIndex(([key]) => key === k);
    this.delete(k);
    this.list.splice(i < 0 ? this.list.length : i, 0, [k, String(v)]);
  }
  sort() {
    this.list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  forEach(fn: (v: string, k: string, p: SearchParams) => void) {
    this.list.forEach(([k, v]) => fn(v, k, this));
  }
  keys() {
    return this.list.map(([k]) => k)[Symbol.iterator]();
  }
  values() {
    return this.list.map(([, v]) => v)[Symbol.iterator]();
  }
  entries() {
    return this.list.map(([k, v]) => [k, v] as [string, string])[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  toString() {
    return this.list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  }
}

const URL_RE = /^([a-zA-Z][a-zA-Z0-9+.-]*:)\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/;

class SimpleURL {
  protocol: string;
  host: string;
  pathname: string;
  hash: string;
  searchParams: SearchParams;
  constructor(input: string | SimpleURL, base?: string | SimpleURL) {
    const text = String(input);
    let m = URL_RE.exec(text);
    if (!m && base !== undefined) {
      const b = new SimpleURL(String(base));
      const rel = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(text) ?? ['', '', '', ''];
      let path = rel[1] || b.pathname;
      if (rel[1] && !rel[1].startsWith('/')) path = b.pathname.replace(/[^/]*$/, '') + rel[1];
      const search = rel[2] ?? (rel[1] ? '' : b.search);
      m = URL_RE.exec(`${b.protocol}//${b.host}${path}${search}${rel[3] ?? ''}`);
    }
    if (!m) throw new TypeError(`URL no válida: ${text}`);
    this.protocol = m[1].toLowerCase();
    this.host = m[2];
    this.pathname = m[3] || '/';
    this.searchParams = new SearchParams(m[4] ?? '');
    this.hash = m[5] ?? '';
  }
  get hostname() {
    return this.host.replace(/:\d+$/, '');
  }
  get port() {
    return /:(\d+)$/.exec(this.host)?.[1] ?? '';
  }
  get origin() {
    return `${this.protocol}//${this.host}`;
  }
  get search() {
    const s = this.searchParams.toString();
    return s ? `?${s}` : '';
  }
  set search(value: string) {
    this.searchParams = new SearchParams(value);
  }
  get href() {
    return `${this.origin}${this.pathname}${this.search}${this.hash}`;
  }
  toString() {
    return this.href;
  }
  toJSON() {
    return this.href;
  }
}

if (typeof g.URLSearchParams === 'undefined') g.URLSearchParams = SearchParams;
if (typeof g.URL === 'undefined') g.URL = SimpleURL;

// ---- AbortController ------------------------------------------------------------------------
if (typeof g.AbortController === 'undefined') {
  class Signal {
    aborted = false;
    reason: unknown = undefined;
    onabort: ((ev: unknown) => void) | null = null;
    private listeners = new Set<(ev: unknown) => void>();
    addEventListener(_type: string, fn: (ev: unknown) => void) {
      this.listeners.add(fn);
    }
    removeEventListener(_type: string, fn: (ev: unknown) => void) {
      this.listeners.delete(fn);
    }
    throwIfAborted() {
      if (this.aborted) throw this.reason;
    }
    _abort(reason: unknown) {
      if (this.aborted) return;
      this.aborted = true;
      this.reason = reason ?? new Error('AbortError');
      const ev = { type: 'abort', target: this };
      this.onabort?.(ev);
      this.listeners.forEach((fn) => fn(ev));
    }
  }
  class Controller {
    signal = new Signal();
    abort(reason?: unknown) {
      this.signal._abort(reason);
    }
  }
  g.AbortController = Controller;
  g.AbortSignal = Signal;
}

// ---- Headers, Request, Response -------------------------------------------------------------
if (typeof g.Headers === 'undefined') {
  class SimpleHeaders {
    private map = new Map<string, string>();
    constructor(init?: Record<string, string> | [string, string][] | SimpleHeaders) {
      if (init instanceof SimpleHeaders) init.forEach((v, k) => this.set(k, v));
      else if (Array.isArray(init)) init.forEach(([k, v]) => this.append(k, v));
      else if (init) Object.entries(init).forEach(([k, v]) => this.set(k, v));
    }
    append(k: string, v: string) {
      const key = k.toLowerCase();
      const prev = this.map.get(key);
      this.map.set(key, prev === undefined ? String(v) : `${prev}, ${v}`);
    }
    set(k: string, v: string) {
      this.map.set(k.toLowerCase(), String(v));
    }
    get(k: string) {
      return this.map.get(k.toLowerCase()) ?? null;
    }
    has(k: string) {
      return this.map.has(k.toLowerCase());
    }
    delete(k: string) {
      this.map.delete(k.toLowerCase());
    }
    forEach(fn: (v: string, k: string, h: SimpleHeaders) => void) {
      this.map.forEach((v, k) => fn(v, k, this));
    }
    entries() {
      return this.map.entries();
    }
    keys() {
      return this.map.keys();
    }
    values() {
      return this.map.values();
    }
    [Symbol.iterator]() {
      return this.map.entries();
    }
  }
  g.Headers = SimpleHeaders;
}

if (typeof g.Request === 'undefined') {
  type Init = { method?: string; headers?: unknown; signal?: unknown; body?: unknown };
  class SimpleRequest {
    url: string;
    method: string;
    headers: Headers;
    signal: AbortSignal;
    body: unknown;
    constructor(input: string | SimpleRequest, init: Init = {}) {
      const from = typeof input === 'string' ? undefined : input;
      this.url = String(from ? from.url : new (g.URL as typeof URL)(input as string).href);
      this.method = (init.method ?? from?.method ?? 'GET').toUpperCase();
      this.headers = new (g.Headers as typeof Headers)((init.headers ?? from?.headers) as HeadersInit);
      this.signal = (init.signal ?? from?.signal ?? new (g.AbortController as typeof AbortController)().signal) as AbortSignal;
      this.body = init.body ?? null;
    }
    clone() {
      return new SimpleRequest(this);
    }
  }
  g.Request = SimpleRequest;
}

if (typeof g.Response === 'undefined') {
  type Init = { status?: number; statusText?: string; headers?: unknown };
  class SimpleResponse {
    status: number;
    statusText: string;
    headers: Headers;
    body: unknown;
    constructor(body: unknown = null, init: Init = {}) {
      this.body = body;
      this.status = init.status ?? 200;
      this.statusText = init.statusText ?? '';
      this.headers = new (g.Headers as typeof Headers)(init.headers as HeadersInit);
    }
    get ok() {
      return this.status >= 200 && this.status < 300;
    }
    async text() {
      return this.body == null ? '' : String(this.body);
    }
    async json() {
      return JSON.parse(await this.text());
    }
    static json(data: unknown, init: Init = {}) {
      return new SimpleResponse(JSON.stringify(data), {
        ...init,
        headers: { 'Content-Type': 'application/json', ...(init.headers as object) },
      });
    }
    static redirect(url: string, status = 302) {
      return new SimpleResponse(null, { status, headers: { Location: url } });
    }
  }
  g.Response = SimpleResponse;
}
