// Beeline's service worker: keeps the app's files so that it opens and works offline.
// docs/OFFLINE.md explains the choices.
//
// The app is static: index.html and the files it references, whose names trunk hashes
// (beeline-app-<hash>.js, its _bg.wasm, style-<hash>.css, ...), so that a name never changes
// content; the manifest and its icons keep their names. One cache holds index.html and
// exactly the files it references:
//
// - install: fetch index.html, cache every file it references (and the manifest's icons,
//   and the move list's figurines), then index.html itself;
// - a page load (any navigation in scope, whatever its query or fragment): the network first,
//   so that a new build shows at once; offline, the cached page (or index.html);
// - a hashed file: the cache first, else the network; the manifest and icons: the cached copy,
//   refreshed from the network in the background;
// - a new index.html from the network: cache the files it references that are missing, then
//   store it, then delete the files it no longer references;
// - activate: delete the caches of older versions of this worker.
//
// A book's files (`book.txt`, `shards/…/*.bin`, docs/EXPLORER.md) and a puzzle set's
// (`puzzles.txt` and its shards, docs/PUZZLES.md) are kept in a cache of their own as the
// explorer and the trainer fetch them, from this site or the one the page's `?book=` or
// `?puzzles=` names: the network first, so that a changed book or set shows, and offline the
// copy kept.
//
// The worker only ever fetches the app's own files from its own origin, and the book files the
// page asked for; other requests to other origins are left alone.

// Bump the version when this file changes what it stores: activate deletes the other caches.
const CACHE = 'beeline-v2';
// Books' files, kept across versions of the app.
const BOOKS = 'beeline-books';
// A book's files: its manifest and its shards (`shards/3f.bin`, `shards/3f/3fa.bin`); a
// puzzle set's: `puzzles.txt` and its shards (`surround-2-0.txt`, `defence-3.txt`).
const BOOK_FILE =
  /\/(?:book\.txt|shards\/(?:[0-9a-f]{2}\/)?[0-9a-f]{1,16}\.bin|puzzles\.txt|(?:surround-[123]|only-move|defence)-\d+\.txt)$/;
// index.html, served at the root of the worker's scope.
const PAGE = new URL('./', self.location).href;
// Trunk's names: "<name>-<hash>.<ext>" (the wasm module "<name>-<hash>_bg.wasm"), the hash
// 16 hex digits or fewer (trunk drops leading zeros).
const HASHED = /-[0-9a-f]{12,16}(?:_bg)?\.[a-z0-9]+$/;
// Quoted paths to the app's files in index.html: href="/style-….css",
// import … from '/beeline-app-….js', module_or_path: '/beeline-app-…_bg.wasm',
// href="manifest.webmanifest". Only paths (no scheme); resolved against the page.
const REFERENCE = /["']((?:\.{0,2}\/)?[\w\-./]+\.(?:js|wasm|css|svg|png|ico|webp|webmanifest|json|woff2?))["']/g;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const page = await fetch(PAGE, { cache: 'no-cache' });
      if (!isPage(page)) throw new Error(`index.html: ${page.status}`);
      await update(page);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('beeline-') && name !== CACHE && name !== BOOKS) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (BOOK_FILE.test(url.pathname) && request.mode !== 'navigate') {
    event.respondWith(bookFile(event));
    return;
  }
  if (url.origin !== self.location.origin) return;
  event.respondWith(request.mode === 'navigate' ? navigate(event) : file(event));
});

/** A book's file: the network's answer (kept when it is one), else the copy kept. */
async function bookFile(event) {
  const cache = await caches.open(BOOKS);
  try {
    const response = await fetch(event.request);
    if (response.ok) event.waitUntil(cache.put(event.request, response.clone()).catch(() => {}));
    return response;
  } catch (offline) {
    const kept = await cache.match(event.request);
    if (kept) return kept;
    throw offline;
  }
}

/** A page load: the network's answer (a newer index.html updates the cache), else the cache. */
async function navigate(event) {
  let response;
  try {
    response = await fetch(event.request);
  } catch (offline) {
    const cache = await caches.open(CACHE);
    const page = (await cache.match(event.request, { ignoreSearch: true })) ?? (await cache.match(PAGE));
    if (page) return page;
    throw offline;
  }
  const path = new URL(event.request.url).pathname;
  const scope = new URL(PAGE).pathname;
  if ((path === scope || path === `${scope}index.html`) && isPage(response)) {
    event.waitUntil(update(response.clone()).catch((err) => console.warn('beeline: cache update', err)));
  }
  return response;
}

/** Any other file of the app: the cached copy, else the network. */
async function file(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request, { ignoreSearch: true, ignoreVary: true });
  if (!cached) return fetch(event.request);
  if (!HASHED.test(new URL(event.request.url).pathname)) {
    // Not hashed (the manifest, icons): the next load sees a changed file.
    event.waitUntil(store(cache, [event.request.url], true).catch(() => {}));
  }
  return cached;
}

/**
 * Makes the cache hold `page` (index.html) and the files it references, unless it holds that
 * very page already. The page is stored only once all its files are, so that the cache never
 * holds a page whose files are missing; then the files no page references go.
 */
async function update(page) {
  // A redirected response cannot answer a navigation: keep its body and headers only.
  if (page.redirected) page = new Response(await page.blob(), { status: page.status, headers: page.headers });
  const cache = await caches.open(CACHE);
  const html = await page.clone().text();
  const current = await cache.match(PAGE);
  if (current && (await current.text()) === html) return;

  const files = references(html, PAGE);
  await store(cache, files);
  for (const manifest of files.filter((url) => url.endsWith('.webmanifest'))) {
    const icons = await iconsOf(await cache.match(manifest), manifest);
    await store(cache, icons);
    files.push(...icons);
  }
  // The move list's figurines, which the style sheet draws from these files when the reader
  // asks for them: kept with the app, so that they show offline too.
  const figurines = [...'wb'].flatMap((c) => [...'QBGSAMLP'].map((b) => new URL(`icons/figurines/${c}${b}.svg`, PAGE).href));
  await store(cache, figurines);
  files.push(...figurines);
  await cache.put(PAGE, page);

  const keep = new Set([PAGE, ...files]);
  for (const request of await cache.keys()) {
    if (!keep.has(request.url)) await cache.delete(request);
  }
}

/** Puts `urls` in the cache; a hashed file already there is kept unless `refresh`. */
async function store(cache, urls, refresh = false) {
  await Promise.all(
    urls.map(async (url) => {
      const hashed = HASHED.test(new URL(url).pathname);
      if (hashed && !refresh && (await cache.match(url))) return;
      // A file whose name is not hashed may have changed: ask the server, not the HTTP cache.
      const response = await fetch(url, { cache: hashed ? 'default' : 'no-cache' });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await cache.put(url, response);
    }),
  );
}

/** The app's files that `html` references: same-origin URLs, without the worker itself. */
function references(html, base) {
  const urls = new Set();
  for (const [, path] of html.matchAll(REFERENCE)) {
    const url = new URL(path, base);
    if (url.origin === self.location.origin && url.href !== self.location.href) urls.add(url.href);
  }
  return [...urls];
}

/** The icons a web app manifest lists, as absolute URLs. */
async function iconsOf(response, base) {
  try {
    const manifest = await response.json();
    return (manifest.icons ?? [])
      .map((icon) => new URL(icon.src, base))
      .filter((url) => url.origin === self.location.origin)
      .map((url) => url.href);
  } catch {
    return [];
  }
}

/** A successful HTML answer, worth keeping as the app's page. */
function isPage(response) {
  return response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html');
}
