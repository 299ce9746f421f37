// Shared helpers for the browser end-to-end tests (node:test + playwright-core).
//
// BASE_URL     where the built app is served (scripts/test.sh serves dist/ on a free port)
// CHROMIUM_PATH the Chromium binary to drive (default: Debian's /usr/bin/chromium)

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The newest `beeline` binary cargo built (BEELINE_BIN overrides). */
export function beelineBin() {
  if (process.env.BEELINE_BIN) return process.env.BEELINE_BIN;
  const candidates = ['target/ci/beeline', 'target/release/beeline', 'target/debug/beeline']
    .map((p) => path.resolve(ROOT, p))
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!candidates.length) throw new Error('no beeline binary: build it with cargo build');
  return candidates[0];
}

/** Runs the command-line tool and returns what it printed. */
export function beeline(args, input) {
  // (A set's puzzles in JSON run to megabytes: more than execFileSync's 1 MB by default.)
  return execFileSync(beelineBin(), args, {
    input,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
    maxBuffer: 256 * 1024 * 1024,
  });
}

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080/';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps trying to reach Google's hosts,
// which a closed network refuses.
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The widths the layout and accessibility checks run at: a desktop's and a phone's. */
export const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** A test fixture of tests/data, as text. */
export function fixture(name) {
  return readFileSync(path.join(ROOT, 'tests/data', name), 'utf8');
}

/**
 * Answers a request of a test's own server with BASE_URL's answer to the same path (a 502
 * with the error when that fails): the app served through a server the test controls.
 */
export async function forward(req, res) {
  try {
    const upstream = await fetch(new URL(req.url, BASE_URL), { cache: 'no-store' });
    const type = upstream.headers.get('content-type');
    res.writeHead(upstream.status, type ? { 'content-type': type } : {});
    res.end(Buffer.from(await upstream.arrayBuffer()));
  } catch (err) {
    res.writeHead(502);
    res.end(String(err));
  }
}

/** Starts `server` on a free loopback port: its URL and a way to close it. */
export async function listenLocal(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** How long to wait for the app to mount (the first load compiles the wasm module). */
export const MOUNT_TIMEOUT_MS = 30_000;

/**
 * Launch headless Chromium with a fresh, empty user-data-dir.
 * Returns { context, close }; `close()` shuts the browser and removes the profile.
 */
export async function launchBrowser({ viewport = { width: 1024, height: 768 }, serviceWorkers = 'allow', hasTouch = false } = {}) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'beeline-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport,
    hasTouch,
    // 'block' lets a test's routes see every request (a service worker would answer some).
    serviceWorkers,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Count the workers the context's pages start, in `window.__workers`: started, terminated
 * (`stopped`), those that sent anything (`answered`: a worker says it is ready first), and
 * the time of the last message (`last`, `Date.now()`).
 */
export async function countWorkers(context) {
  await context.addInitScript(() => {
    const Base = window.Worker;
    const counts = (window.__workers = { started: 0, stopped: 0, answered: 0, last: 0 });
    window.Worker = class extends Base {
      constructor(...args) {
        super(...args);
        counts.started += 1;
        let first = true;
        this.addEventListener('message', () => {
          counts.last = Date.now();
          if (first) counts.answered += 1;
          first = false;
        });
      }
      terminate() {
        counts.stopped += 1;
        super.terminate();
      }
    };
  });
}

/**
 * Open the app in a new page and wait until it has mounted (`data-ready="true"`).
 * `urlPath` is resolved against BASE_URL (e.g. '?game=...').
 * Returns { page, errors }: `errors` collects uncaught page errors and console errors
 * (a Rust panic shows up there through console_error_panic_hook).
 */
export async function openApp(context, urlPath = '') {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  await page.goto(new URL(urlPath, BASE_URL).href);
  try {
    await page.waitForSelector('[data-ready="true"]', { timeout: MOUNT_TIMEOUT_MS });
  } catch (err) {
    throw new Error(`the app did not mount at ${page.url()}: ${err.message}\n${errors.join('\n')}`);
  }
  return { page, errors };
}

// --- Viewer hooks shared by the viewer tests ---

/** Paste `text` into the record box and press Load. */
export async function pasteRecord(page, text) {
  await page.fill('#record-input', text);
  await page.click('#load-record');
}

/** The UHP names of the pieces drawn on the board (one per visible stack), sorted. */
export async function boardPieces(page) {
  const names = await page.$$eval('svg#board g[data-piece]', (gs) => gs.map((g) => g.getAttribute('data-piece')));
  return names.sort();
}

/** The ply the board shows (`svg#board[data-ply]`), as a number. */
export async function boardPly(page) {
  return Number(await page.getAttribute('svg#board', 'data-ply'));
}

/** The `data-ply` of the notation row marked current, or null when none is. */
export async function currentRow(page) {
  const rows = await page.$$eval('#notation tr[aria-current="true"]', (trs) => trs.map((tr) => Number(tr.dataset.ply)));
  if (rows.length > 1) throw new Error(`several current rows: ${rows.join(', ')}`);
  return rows.length ? rows[0] : null;
}

/** Number of move rows in the notation table. */
export async function rowCount(page) {
  return page.locator('#notation tbody tr[data-ply]').count();
}

/** Wait until the board shows `ply` (the board redraws asynchronously). */
export async function waitForPly(page, ply) {
  await page.waitForSelector(`svg#board[data-ply="${ply}"]`, { timeout: 5_000 });
}

// --- Accessibility ---

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// The text a button of the share panel writes into its field (made by code the app fetches
// the first time one is used).
export async function sharedText(page, button, field) {
  await page.click(button);
  await page.waitForFunction((f) => document.querySelector(f)?.value !== '', field);
  return page.inputValue(field);
}

/** Runs axe on the whole page and fails with each violation's rule and elements. */
export async function audit(page, screen) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
    }));
  });
  const report = violations
    .map((v) => `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n}`).join('\n')}`)
    .join('\n');
  assert.equal(violations.length, 0, `${screen}: ${violations.length} axe violation(s)\n${report}`);
}

// --- Layout: what a reader would see cut, run over or broken ---

/** Lays out every body of the notation table, including those the browser skips while
 * out of view (`content-visibility: auto`), so that every row can be measured. */
export async function layOutEveryRow(page) {
  await page.addStyleTag({ content: '#notation tbody { content-visibility: visible !important; }' });
}

/**
 * The elements matching `selector` whose text is wider than their content box (cut off, or
 * ended with an ellipsis), each as "text: its width in the box's width".
 */
export async function clippedText(page, selector) {
  return page.$$eval(selector, (els) => els.flatMap((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect().width;
    const s = getComputedStyle(el);
    const edges = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'];
    const box = el.getBoundingClientRect().width - edges.reduce((sum, p) => sum + parseFloat(s[p]), 0);
    // Layout works in 64ths of a pixel: a text wider by one is cut.
    const cut = text > box + 1 / 64 || el.scrollWidth > el.clientWidth;
    return cut ? [`${el.textContent.trim()}: ${text.toFixed(1)} px in ${box.toFixed(1)} px`] : [];
  }));
}

/**
 * The elements matching `selector` inside `container` whose right edge lies past the
 * container's content box (its right edge less border and padding), each as "tag.class
 * text: how far past".
 */
export async function pastTheRightEdge(page, container, selector) {
  return page.$eval(container, (panel, sel) => {
    const s = getComputedStyle(panel);
    const right = panel.getBoundingClientRect().right - parseFloat(s.borderRightWidth) - parseFloat(s.paddingRight);
    return [...panel.querySelectorAll(sel)].flatMap((el) => {
      const over = el.getBoundingClientRect().right - right;
      const name = `${el.localName}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`;
      return over > 1 / 64 ? [`${name} "${el.textContent.trim().slice(0, 40)}": ${over.toFixed(1)} px past`] : [];
    });
  }, selector);
}

/**
 * The words in the text of the elements matching `selector` that are laid out over more
 * than one line (a break after a hyphen is one between words).
 */
export async function splitWords(page, selector) {
  return page.$$eval(selector, (els) => els.flatMap((el) => {
    const split = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(`"${m[0]}" over ${lines.size} lines`);
      }
    }
    return split;
  }));
}

/** Fails with the first few of `found` (and how many there are) unless it is empty. */
export function none(found, what) {
  assert.deepEqual(found.slice(0, 5), [], `${found.length} ${what}`);
}
