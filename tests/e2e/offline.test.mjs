// Offline use and installing: the service worker (assets/sw.js) caches the app on the first
// visit, so that it opens and plays a pasted game with the network off, also at an address with
// a query; a new build replaces the cache on the next visit; the web app manifest is valid and
// its icons load.
//
// The first two tests reach the app through a small proxy of their own in front of BASE_URL:
// it logs every request that reaches the server, and can serve a changed build. Each proxy
// listens on its own port, hence its own origin, with its own service worker and caches.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { BASE_URL, launchBrowser, forward, listenLocal, openApp, pasteRecord, boardPly, waitForPly } from './helpers.mjs';

const UHP = 'Base;InProgress;White[5];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 wQ\\;bB1 bQ/;wB1 wQ;bB1 bQ';
const TWO_GAMES = '[GameType "Base"]\n[White "Ann"]\n\n1. wS1\n2. bS1 wS1-\n\n[GameType "Base"]\n[White "Bo"]\n\n1. wA1\n';

/**
 * A proxy to BASE_URL on a free loopback port. `log` lists the paths it was asked for;
 * `override(path)` may answer a path itself ({ body, type }) instead of the server.
 */
async function proxy() {
  const log = [];
  const state = { override: async () => null };
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    log.push(path);
    try {
      const own = await state.override(path);
      if (own) {
        res.writeHead(200, { 'content-type': own.type });
        res.end(own.body);
        return;
      }
      await forward(req, res);
    } catch (err) {
      res.writeHead(502);
      res.end(String(err));
    }
  });
  return { ...(await listenLocal(server)), log, state };
}

/** Fetches `path` from the real server as text. */
async function upstreamText(path) {
  const response = await fetch(new URL(path, BASE_URL), { cache: 'no-store' });
  assert.ok(response.ok, `${path}: ${response.status}`);
  return response.text();
}

/** Waits until the service worker controls `page` (it activates once its cache is filled). */
async function untilControlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 15_000 });
}

/** The paths of every URL in the page's caches, sorted. */
async function cachedPaths(page) {
  return page.evaluate(async () => {
    const paths = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths.sort();
  });
}

/** Calls `get` until `done` accepts its result (for 10 s at most); returns that result. */
async function until(get, done, what) {
  const end = Date.now() + 10_000;
  for (;;) {
    const value = await get();
    if (done(value)) return value;
    if (Date.now() > end) assert.fail(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reloads `page` and waits for the app to mount again. */
async function reload(page) {
  await page.reload();
  await page.waitForSelector('[data-ready="true"]', { timeout: 30_000 });
}

test('after one visit the app opens offline, also with a query, and plays a pasted game', async () => {
  const server = await proxy();
  const browser = await launchBrowser();
  try {
    const { page, errors } = await openApp(browser.context, server.url);
    await untilControlled(page);
    const cached = await cachedPaths(page);
    for (const file of [
      /^\/$/, /^\/beeline-app-[0-9a-f]{12,16}\.js$/, /^\/beeline-app-[0-9a-f]{12,16}_bg\.wasm$/,
      /^\/style-[0-9a-f]{12,16}\.css$/, /^\/board-[0-9a-f]{12,16}\.css$/, /^\/favicon-[0-9a-f]{12,16}\.svg$/,
      /^\/manifest\.webmanifest$/, /^\/icons\/icon-192\.png$/, /^\/icons\/icon-512\.png$/, /^\/icons\/favicon\.svg$/,
      // The collection worker, loaded on demand: cached before it is ever used.
      /^\/beeline-worker-loader-[0-9a-f]{12,16}\.js$/, /^\/beeline-worker-[0-9a-f]{12,16}\.js$/,
      /^\/beeline-worker-[0-9a-f]{12,16}_bg\.wasm$/,
      // The chunks fetched on first use (the readers, the typed moves, the exports) and their
      // loader: cached before they are first used.
      /^\/beeline-split-[0-9a-f]{16}\.js$/, /^\/beeline-chunk-records-[0-9a-f]{16}\.wasm$/,
      /^\/beeline-chunk-typing-[0-9a-f]{16}\.wasm$/, /^\/beeline-chunk-export-[0-9a-f]{16}\.wasm$/,
    ]) {
      assert.ok(cached.some((p) => file.test(p)), `${file} cached: ${cached.join(' ')}`);
    }
    assert.ok(!cached.includes('/sw.js'), 'the worker does not cache itself');

    await browser.context.setOffline(true);
    const online = server.log.length;
    await reload(page);
    await pasteRecord(page, UHP);
    await waitForPly(page, 1);
    await page.click('#next');
    await waitForPly(page, 2);
    await page.locator('#notation tr[data-ply="2"]').click();
    await page.keyboard.press('ArrowRight');
    await waitForPly(page, 3);
    await page.keyboard.press('End');
    await waitForPly(page, 8);
    assert.equal(await boardPly(page), 8);
    // A typed move and an export, whose code is in chunks never fetched before going offline.
    await page.fill('#move-input', 'wA1 -wQ');
    await page.press('#move-input', 'Enter');
    await waitForPly(page, 9);
    await page.selectOption('#export-format', 'uhp');
    await page.click('#copy-export');
    await page.waitForFunction(() => /^(Copied|The browser refused)/.test(document.querySelector('.export-panel .status').textContent));
    // A collection opens too: the worker comes from the cache.
    await pasteRecord(page, TWO_GAMES);
    await page.waitForSelector('#game-list tr[data-game]');
    assert.equal(await page.locator('#game-list tr[data-game]').count(), 2);
    // No game of the collection reached ply 8 of the game on the board; both start from
    // its empty board.
    await page.waitForFunction(() => /^No game of the 2 games/.test(document.querySelector('.explorer-summary').textContent));
    await page.keyboard.press('Home');
    await page.waitForSelector('#explorer tr[data-explorer-move]');
    assert.match(await page.textContent('.explorer-summary'), /^2 games of 2 reached this position/);

    // The analysis too: its code and the engine's worker come from the cache.
    await page.click('#analyse');
    await page.waitForSelector('#best-line [data-move]', { timeout: 20_000 });
    await page.click('#analyse');

    // An address with a query and a fragment (an embed mode may be chosen that way).
    await page.goto(`${server.url}?embed=1#view`);
    await page.waitForSelector('[data-ready="true"]', { timeout: 30_000 });
    await page.goto(`${server.url}index.html?embed=1`);
    await page.waitForSelector('[data-ready="true"]', { timeout: 30_000 });
    assert.deepEqual(server.log.slice(online), [], 'nothing reached the server while offline');
    assert.deepEqual(errors, [], 'no page or console errors');
  } finally {
    await browser.close();
    await server.close();
  }
});

test('a new build replaces the cached files on the next visit', async () => {
  const server = await proxy();
  const browser = await launchBrowser();
  try {
    const { page, errors } = await openApp(browser.context, server.url);
    await untilControlled(page);
    const cached = await cachedPaths(page);
    const wasm = cached.find((p) => p.endsWith('_bg.wasm'));
    const oldCss = cached.find((p) => /^\/style-[0-9a-f]{12,16}\.css$/.test(p));
    assert.ok(wasm && oldCss, cached.join(' '));

    // The new build: index.html names another style sheet, whose content differs.
    const newCss = oldCss.replace(/-[0-9a-f]{12,16}\./, `-${oldCss.startsWith('/style-0') ? 'f' : '0'}123456789abcdef.`);
    const html = await upstreamText('/');
    const newHtml = html.replace(new RegExp(`href="${oldCss}"(?: integrity="[^"]*")?`), `href="${newCss}"`);
    assert.notEqual(newHtml, html);
    const css = `${await upstreamText(oldCss)}\n:root { --beeline-build: 2; }\n`;
    server.state.override = async (path) => {
      if (path === '/' || path === '/index.html') return { body: newHtml, type: 'text/html' };
      if (path === newCss) return { body: css, type: 'text/css' };
      if (path === oldCss) return { body: 'gone', type: 'text/plain' };
      return null;
    };
    const build = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--beeline-build').trim());
    assert.equal(await build(), '', 'the first build');

    // The next visit shows the new build at once; the cache follows it.
    const before = server.log.length;
    await reload(page);
    assert.equal(await build(), '2', 'the new build is used');
    const now = await until(
      () => cachedPaths(page),
      (paths) => paths.includes(newCss) && !paths.includes(oldCss),
      'the new style sheet replaces the old one in the cache',
    );
    assert.ok(now.includes(wasm), 'the unchanged module stays cached');
    assert.ok(!server.log.slice(before).includes(wasm), 'the unchanged module was not fetched again');
    const stored = await page.evaluate(async () => (await caches.match('/')).text());
    assert.ok(stored.includes(newCss) && !stored.includes(oldCss), 'the cached index.html is the new one');

    // Offline, the new build opens from the cache.
    await browser.context.setOffline(true);
    await reload(page);
    assert.equal(await build(), '2', 'the new build offline');
    assert.deepEqual(errors, [], 'no page or console errors');
  } finally {
    await browser.close();
    await server.close();
  }
});

test('the web app manifest is linked and valid, its icons load, the app is installable', async () => {
  const browser = await launchBrowser();
  try {
    const { page, errors } = await openApp(browser.context);
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    const url = new URL(href, page.url());
    const manifest = JSON.parse(await upstreamText(url.pathname));
    assert.equal(manifest.name, 'Beeline');
    assert.equal(manifest.short_name, 'Beeline');
    assert.equal(manifest.display, 'standalone');
    assert.equal(new URL(manifest.start_url, url).href, BASE_URL);
    assert.equal(new URL(manifest.scope, url).href, BASE_URL);
    // The colours are the page's: its background and the theme-color meta tag.
    const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(rgb(manifest.background_color), background);
    assert.equal(await page.getAttribute('meta[name="theme-color"]', 'content'), manifest.theme_color);

    // Every icon loads, at the size it claims.
    const sizes = manifest.icons.map((icon) => icon.sizes).sort();
    assert.deepEqual(sizes, ['192x192', '512x512', 'any']);
    for (const icon of manifest.icons) {
      const src = new URL(icon.src, url).href;
      const size = await page.evaluate(
        (src) =>
          new Promise((resolve, reject) => {
            const img = new Image();
            img.onload = () => resolve(`${img.naturalWidth}x${img.naturalHeight}`);
            img.onerror = () => reject(new Error(`${src} did not load`));
            img.src = src;
          }),
        src,
      );
      if (icon.sizes !== 'any') assert.equal(size, icon.sizes, src);
      const type = (await fetch(src)).headers.get('content-type');
      assert.equal(type, icon.type, `${src} content type`);
    }

    // Chromium's own reading of the manifest: no errors, nothing in the way of installing.
    const cdp = await browser.context.newCDPSession(page);
    const read = await cdp.send('Page.getAppManifest');
    assert.equal(read.url, url.href);
    assert.deepEqual(read.errors, [], 'manifest errors');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'installability errors');
    assert.deepEqual(errors, [], 'no page or console errors');
  } finally {
    await browser.close();
  }
});
