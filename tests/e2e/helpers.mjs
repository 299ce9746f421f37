// Shared helpers for the browser end-to-end tests (node:test + playwright-core).
//
// BASE_URL     where the built app is served (scripts/test.sh serves dist/ on a free port)
// CHROMIUM_PATH the Chromium binary to drive (default: Debian's /usr/bin/chromium)

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
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
  return execFileSync(beelineBin(), args, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] });
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

/** How long to wait for the app to mount (the first load compiles the wasm module). */
export const MOUNT_TIMEOUT_MS = 30_000;

/**
 * Launch headless Chromium with a fresh, empty user-data-dir.
 * Returns { context, close }; `close()` shuts the browser and removes the profile.
 */
export async function launchBrowser({ viewport = { width: 1024, height: 768 }, serviceWorkers = 'allow' } = {}) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'beeline-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport,
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

/** Runs axe on the whole page and fails with each violation's rule and elements. */
// The text a button of the share panel writes into its field (made by code the app fetches
// the first time one is used).
export async function sharedText(page, button, field) {
  await page.click(button);
  await page.waitForFunction((f) => document.querySelector(f)?.value !== '', field);
  return page.inputValue(field);
}

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
