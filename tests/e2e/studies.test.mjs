// Studies: a study file opened (chapters listed, switched by click and key), an interactive
// chapter played as a lesson (right, wrong, a variation's explanation, the hint offered and
// taken, a move shown, the end and its summary, the next chapter), authoring (add, rename,
// mode, reorder, delete, each undone), the library (kept over a reload, export, import kept
// apart, a study at an address), a browser that refuses to store, a damaged stored study,
// two tabs on one study, and axe at a desktop's and a phone's width.

import { test, before, beforeEach, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, openApp, pasteRecord, waitForPly, boardPieces, beeline, audit, WIDTHS } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
});
after(async () => {
  await browser?.close();
});

/** A study of four chapters: a game, White's lesson, a short game, Black's lesson. */
const STUDY = `[StudyName "Queen lessons"]
[ChapterName "A quiet opening"]
[GameType "Base"]
[White "Ann"]
[Black "Bob"]

1. wS1
2. bS1 -wS1 {Black copies.}
3. wQ wS1/
4. bQ /bS1

[StudyName "Queen lessons"]
[ChapterName "Bring the Queen"]
[ChapterMode "interactive"]
[Orientation "white"]
[GameType "Base"]

{White to play: start with a Spider.}
1. wS1 {Good start.}
2. bS1 -wS1 {Now bring the Queen out.}
3. wQ wS1/ {Right: the Queen is out.}
(3. wA1 wS1/ {An Ant this early leaves the Queen at home.})
4. bQ /bS1
5. wA1 wQ-

[StudyName "Queen lessons"]
[ChapterName "Grasshoppers"]
[GameType "Base"]

1. wG1
2. bG1 -wG1

[StudyName "Queen lessons"]
[ChapterName "Mirror"]
[ChapterMode "gamebook"]
[Orientation "black"]
[GameType "Base"]

1. wS1 {Black to play: mirror it.}
2. bS1 -wS1 {Mirrored.}
3. wQ wS1/
`;

async function typeMove(page, text) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
}

const chapterNames = (page) => page.$$eval('#chapters li[data-chapter] .open-chapter', (bs) => bs.map((b) => b.textContent));
const currentChapter = (page) => page.getAttribute('#chapters li[aria-current="true"]', 'data-chapter');
const verdict = (page) => page.getAttribute('#lesson-status', 'data-verdict');

/** Opens the app on a fresh page and pastes the study. */
async function openStudy(text = STUDY) {
  const app = await openApp(browser.context);
  await pasteRecord(app.page, text);
  await app.page.waitForSelector('#study:not([hidden]) #chapters li[data-chapter="3"]');
  return app;
}

/**
 * Each test starts with an empty library and no page open, whatever the test before it left
 * (a test that fails stops before its own clean-up): the pages are closed first, since a save
 * still pending in one would keep its study again after the deletion, then the database is
 * deleted from a page of the app's origin that is not the app.
 */
beforeEach(async () => {
  const { context } = browser;
  const blank = await context.newPage();
  for (const p of context.pages()) if (p !== blank) await p.close();
  await blank.goto(new URL('icons/favicon.svg', process.env.BASE_URL ?? 'http://127.0.0.1:8080/').href);
  await blank.evaluate(() => new Promise((resolve, reject) => {
    const r = indexedDB.deleteDatabase('beeline');
    r.onsuccess = () => resolve();
    r.onerror = () => reject(r.error);
  }));
  await blank.close();
});

test('a study file opens as a study; chapters switch by click and by key', async () => {
  const { page, errors } = await openStudy();
  assert.deepEqual(await chapterNames(page), ['1. A quiet opening', '2. Bring the Queen', '3. Grasshoppers', '4. Mirror']);
  assert.equal(await currentChapter(page), '0');
  assert.equal(await page.inputValue('#study-title'), 'Queen lessons');
  assert.equal(await page.getAttribute('#chapters li[data-chapter="1"]', 'data-mode'), 'interactive');
  // The first chapter's game, at its first move.
  await waitForPly(page, 1);
  assert.equal(await page.locator('#notation tbody tr[data-ply]').count(), 4);

  await page.click('#chapters li[data-chapter="2"] .open-chapter');
  await page.waitForSelector('#chapters li[data-chapter="2"][aria-current="true"]');
  assert.equal(await page.locator('#notation tbody tr[data-ply]').count(), 2);
  assert.deepEqual(await boardPieces(page), ['wG1']);
  // `}` and `{`: the next and previous chapter (the board must have the focus, not a field).
  await page.click('svg#board');
  await page.keyboard.press('{');
  await page.waitForSelector('#chapters li[data-chapter="1"][aria-current="true"]');
  await page.waitForSelector('#lesson:not([hidden])');
  await page.keyboard.press('}');
  await page.waitForSelector('#chapters li[data-chapter="2"][aria-current="true"]');
  await page.waitForSelector('#lesson', { state: 'hidden' });
  assert.deepEqual(errors, []);
  await page.close();
});

test('an interactive chapter: a move shown, wrong, the variation\'s why, the hint offered and taken, right, done and the summary', async () => {
  const { page, errors } = await openStudy();
  await page.click('#chapters li[data-chapter="1"] .open-chapter');
  await page.waitForSelector('#lesson:not([hidden])');
  await page.waitForSelector('.app[data-lesson="true"]');
  assert.equal(await page.textContent('#lesson-prompt'), 'White to play: start with a Spider.');
  assert.match(await page.textContent('#lesson-heading'), /Bring the Queen \(you play White\)/);
  // Nothing ahead is on the board or in the notation.
  assert.equal(await page.locator('#notation tbody tr[data-ply]').count(), 0);

  // The first move shown: played for the reader, and Black answers.
  await page.click('#lesson-show');
  await page.waitForSelector('#lesson-status[data-verdict="shown"]');
  assert.match(await page.textContent('#lesson-status'), /^The move was wS1 /);
  await waitForPly(page, 2);
  await page.waitForFunction(() => document.querySelector('#lesson-prompt').textContent === 'Now bring the Queen out.');

  // The Ant: the author's variation says why not, and the move is taken back.
  await typeMove(page, 'wA1 wS1/');
  await page.waitForSelector('#lesson-status[data-verdict="wrong"]');
  assert.equal(await page.textContent('#lesson-status'), 'An Ant this early leaves the Queen at home.');
  await waitForPly(page, 2);
  await page.waitForFunction(() => document.querySelectorAll('#notation tbody tr[data-ply]').length === 2);
  // Not the author's: a plain "not this one"; the third miss offers the hint.
  await typeMove(page, 'wG1 wS1/');
  await page.waitForFunction(() => document.querySelector('#lesson-status').textContent === 'Not this one.');
  await waitForPly(page, 2);
  assert.equal(await page.getAttribute('#lesson-hint', 'data-offered'), null);
  await typeMove(page, 'wB1 wS1/');
  await page.waitForFunction(() => document.querySelector('#lesson-status').textContent === 'Not this one. Stuck? Take a hint.');
  await page.waitForSelector('#lesson-hint[data-offered="true"]');
  await waitForPly(page, 2);

  await page.click('#lesson-hint');
  await page.waitForSelector('#lesson-status[data-verdict="hint"]');
  await page.waitForSelector('[data-reserve="wQ"][data-selected="true"]');
  assert.ok((await page.locator('svg#board [data-destination]').count()) > 0);
  await typeMove(page, 'wQ wS1/');
  await page.waitForSelector('#lesson-status[data-verdict="right"]');
  assert.equal(await page.textContent('#lesson-status'), 'Right! Right: the Queen is out.');
  await waitForPly(page, 4);

  // The last move found at once: the chapter is done, with its summary.
  await typeMove(page, 'wA1 wQ-');
  await page.waitForSelector('#lesson-status[data-verdict="done"]');
  assert.equal(await page.textContent('#lesson-status'), 'Right! The chapter is over.');
  await page.waitForSelector('#lesson-summary:not([hidden])');
  assert.equal(await page.textContent('#lesson-summary .lesson-counts'), '1 of 3 moves found at once, 1 after a miss or a hint, 1 shown.');
  assert.equal(await page.isDisabled('#lesson-hint'), true);

  // Next: the next chapter.
  await page.click('#lesson-next');
  await page.waitForSelector('#chapters li[data-chapter="2"][aria-current="true"]');
  await page.waitForSelector('#lesson', { state: 'hidden' });
  assert.equal(await page.getAttribute('.app', 'data-lesson'), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a lesson for Black: White\'s move plays itself; the chapter ends done; a preview goes back to editing', async () => {
  const { page, errors } = await openStudy();
  await page.click('#chapters li[data-chapter="3"] .open-chapter');
  await page.waitForSelector('#lesson:not([hidden])');
  await waitForPly(page, 1);
  await page.waitForFunction(() => document.querySelector('#lesson-prompt').textContent === 'Black to play: mirror it.');
  await typeMove(page, 'bS1 -wS1');
  await page.waitForSelector('#lesson-status[data-verdict="right"]');
  await waitForPly(page, 3);
  await page.waitForSelector('#lesson-status[data-verdict="done"]');
  await page.waitForSelector('#lesson-summary:not([hidden])');
  assert.equal(await page.textContent('#lesson-summary .lesson-counts'), '1 of 1 moves found at once, 0 after a miss or a hint, 0 shown.');
  // The last chapter has no next one.
  assert.equal(await page.isHidden('#lesson-next'), true);
  // Back to editing: the whole chapter, and the author's preview plays it again.
  await page.click('#lesson-edit');
  await page.waitForSelector('#lesson', { state: 'hidden' });
  await page.waitForSelector('#lesson-preview:not([hidden])');
  assert.equal(await page.locator('#notation tbody tr[data-ply]').count(), 3);
  await page.click('#lesson-preview');
  await page.waitForSelector('#lesson:not([hidden])');
  await waitForPly(page, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('authoring: a study from the game shown, chapters added, renamed, made a lesson, moved and deleted, each undone; a reload keeps it', async () => {
  const { page, errors } = await openApp(browser.context);
  await page.click('#library-open');
  await page.waitForSelector('#library:not([hidden])');
  assert.equal(await page.getAttribute('#library-open', 'aria-pressed'), 'true');
  await page.click('#study-new');
  await page.waitForSelector('#chapters li[data-chapter="0"]');
  assert.deepEqual(await chapterNames(page), ['1. Frank Chen – Joe Schultz']);
  await page.waitForSelector('#library-list li[data-study][aria-current="true"]');

  // From an empty board.
  await page.selectOption('#chapter-source', 'empty');
  await page.click('#chapter-add');
  await page.waitForSelector('#chapters li[data-chapter="1"][aria-current="true"]');
  assert.deepEqual(await boardPieces(page), []);
  await page.fill('#chapter-name', 'Spider opening');
  await page.press('#chapter-name', 'Enter');
  await page.waitForFunction(() => document.querySelector('#chapters li[data-chapter="1"] .open-chapter').textContent === '2. Spider opening');
  for (const mv of ['wS1', 'bS1 -wS1', 'wQ wS1/']) await typeMove(page, mv);
  await waitForPly(page, 3);
  await page.selectOption('#chapter-mode', 'interactive');
  await page.waitForSelector('#chapters li[data-chapter="1"][data-mode="interactive"]');
  await page.waitForSelector('#lesson-preview:not([hidden])');

  // Moved up, and the move undone.
  await page.click('#chapter-up');
  await page.waitForFunction(() => document.querySelector('#chapters li[data-chapter="0"] .open-chapter').textContent === '1. Spider opening');
  assert.equal(await currentChapter(page), '0');
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelector('#chapters li[data-chapter="1"] .open-chapter').textContent === '2. Spider opening');
  assert.equal(await currentChapter(page), '1');
  // Deleted, and the deletion undone: the chapter and its moves come back.
  await page.click('#chapter-delete');
  await page.waitForFunction(() => document.querySelectorAll('#chapters li').length === 1);
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#chapters li').length === 2);
  await page.waitForSelector('#chapters li[data-chapter="1"][aria-current="true"]');
  await waitForPly(page, 3);
  // Undo goes on through the chapter's changes: its mode, then its moves, one by one.
  await page.click('#undo');
  await page.waitForSelector('#chapters li[data-chapter="1"][data-mode="normal"]');
  await page.click('#undo');
  await waitForPly(page, 2);
  await page.click('#redo');
  await waitForPly(page, 3);
  await page.click('#redo');
  await page.waitForSelector('#chapters li[data-chapter="1"][data-mode="interactive"]');

  // Saved within a second: a reload opens it again from the library (the address holds its
  // link), no copy made.
  await page.waitForFunction(() => /Saved in this browser/.test(document.querySelector('#study-note').textContent));
  await page.waitForFunction(() => location.hash.startsWith('#E'), null, { timeout: 5_000 });
  await page.reload();
  await page.waitForSelector('#chapters li[data-chapter="1"][aria-current="true"]');
  assert.deepEqual(await chapterNames(page), ['1. Frank Chen – Joe Schultz', '2. Spider opening']);
  await page.click('#library-open');
  await page.waitForSelector('#library:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#library-list li[data-study]').length === 1);
  assert.equal(await page.getAttribute('#library-list li[data-study]', 'data-chapters'), '2');
  assert.deepEqual(errors, []);
  await page.close();
});

test('export then import: the same study, kept apart from the one of the same name', async () => {
  const { page, errors } = await openStudy();
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#study-export')]);
  assert.equal(download.suggestedFilename(), 'queen-lessons.pgn');
  const text = readFileSync(await download.path(), 'utf8');
  const dir = await mkdtemp(path.join(tmpdir(), 'beeline-study-'));
  const file = path.join(dir, 'queen-lessons.pgn');
  await writeFile(file, text);
  // The file is a study the command line reads the same: four chapters, no fault.
  const checked = beeline(['study', 'check', file]);
  assert.match(checked, /"Queen lessons", 4 chapters/);
  assert.match(checked, /2\. Bring the Queen: interactive, white, 5 moves, 1 variation/);
  assert.equal((text.match(/\[StudyName "Queen lessons"\]/g) ?? []).length, 4);

  // A change, then the export imported: a second study of the same name, kept apart.
  await page.fill('#study-title', 'Queen lessons');
  await page.selectOption('#chapter-orientation', 'black');
  await page.waitForSelector('#chapters li[data-chapter="0"]');
  await page.click('#library-open');
  await page.setInputFiles('#library-import', file);
  await page.waitForFunction(() => document.querySelectorAll('#library-list li[data-study]').length === 2);
  const titles = await page.$$eval('#library-list li[data-study] .study-open', (bs) => bs.map((b) => b.textContent).sort());
  assert.deepEqual(titles, ['Queen lessons', 'Queen lessons (2)']);
  assert.equal(await page.inputValue('#study-title'), 'Queen lessons (2)');
  // The whole library as one file: both studies.
  const [all] = await Promise.all([page.waitForEvent('download'), page.click('#library-export')]);
  const whole = readFileSync(await all.path(), 'utf8');
  assert.equal((whole.match(/\[StudyName "Queen lessons"\]/g) ?? []).length, 4);
  assert.equal((whole.match(/\[StudyName "Queen lessons \(2\)"\]/g) ?? []).length, 4);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a study at an address (?study=URL) opens, joins the library once, and its link opens it', async () => {
  const context = browser.context;
  await context.route('**/lessons/queen.pgn', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: STUDY }));
  const { page, errors } = await openApp(context, '?study=lessons/queen.pgn');
  await page.waitForSelector('#chapters li[data-chapter="3"]');
  assert.equal(await page.inputValue('#study-title'), 'Queen lessons');
  // Opened again: the library's copy, not a second one.
  await page.goto(page.url().split('#')[0]);
  await page.waitForSelector('#chapters li[data-chapter="3"]');
  await page.click('#library-open');
  await page.waitForFunction(() => document.querySelectorAll('#library-list li[data-study]').length === 1);
  // The study's own link, at a chapter and move, in a fresh tab.
  await page.click('#chapters li[data-chapter="2"] .open-chapter');
  await page.waitForSelector('#chapters li[data-chapter="2"][aria-current="true"]');
  await page.click('#copy-link');
  await page.waitForFunction(() => document.querySelector('#share-url').value.includes('#E'));
  const link = await page.inputValue('#share-url');
  await context.unroute('**/lessons/queen.pgn');
  await page.close();
  // Another browser, with a library of its own: the link alone holds the study.
  const elsewhere = await launchBrowser({ serviceWorkers: 'block' });
  const other = await openApp(elsewhere.context, link.replace(/^.*?\?study=[^#]*/, ''));
  await other.page.waitForSelector('#chapters li[data-chapter="2"][aria-current="true"]');
  assert.deepEqual(await chapterNames(other.page), ['1. A quiet opening', '2. Bring the Queen', '3. Grasshoppers', '4. Mirror']);
  assert.deepEqual(await boardPieces(other.page), ['wG1']);
  assert.deepEqual(errors, []);
  assert.deepEqual(other.errors, []);
  await elsewhere.close();
});

test('a collection made a study: the games listed become its chapters', async () => {
  const { page, errors } = await openApp(browser.context);
  const games = ['Ann', 'Bob', 'Cid'].map((w, i) => `[White "${w}"]\n[Black "Zed"]\n[GameType "Base"]\n\n1. wS1\n2. bS1 -wS1\n${i ? '3. wQ wS1/\n' : ''}`).join('\n');
  await page.setInputFiles('#collection-input', [{ name: 'club.pgn', mimeType: 'text/plain', buffer: Buffer.from(games) }]);
  await page.waitForSelector('#game-list tr[data-game="2"]');
  await page.fill('#game-filter', 'Zed');
  await page.click('#collection-study:not([hidden])');
  await page.waitForSelector('#chapters li[data-chapter="2"]');
  const names = (await chapterNames(page)).sort();
  assert.deepEqual(names.map((n) => n.replace(/^\d\. /, '')), ['Ann – Zed', 'Bob – Zed', 'Cid – Zed']);
  assert.equal(await page.inputValue('#study-title'), 'Games of Zed');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a browser that refuses to store says so; the study stays open and exportable', async () => {
  // A browser of its own (a quota set where the origin has stored nothing yet), with a real
  // quota of one byte for the origin: every write fails with QuotaExceededError.
  const own = await launchBrowser({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const { page, errors } = await openApp(own.context);
  const cdp = await own.context.newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(page.url()).origin, quotaSize: 1 });
  await pasteRecord(page, STUDY);
  await page.waitForSelector('#chapters li[data-chapter="3"]');
  await page.waitForFunction(() => /does not keep studies/.test(document.querySelector('#study-note').textContent));
  assert.match(await page.textContent('#study-note'), /export it to keep it/);
  await audit(page, 'a refused storage at 1280 px');
  await page.click('#chapters li[data-chapter="2"] .open-chapter');
  await page.waitForSelector('#chapters li[data-chapter="2"][aria-current="true"]');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#study-export')]);
  assert.match(readFileSync(await download.path(), 'utf8'), /\[ChapterName "Grasshoppers"\]/);
  assert.deepEqual(errors, []);
  await own.close();
});

test('a damaged stored study is named and skipped; the others open', async () => {
  const { page, errors } = await openStudy();
  await page.waitForFunction(() => /Kept in the library|Saved in this browser/.test(document.querySelector('#study-note').textContent));
  // Two entries damaged by hand: one whose entry is garbage, one whose file is no study.
  await page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open('beeline');
    open.onsuccess = () => {
      const tx = open.result.transaction('studies', 'readwrite');
      const s = tx.objectStore('studies');
      s.put('garbage', 'm:broken1');
      s.put('1\tHalf a study\t2\t1764338700000\t1\tx\t\t', 'm:broken2');
      s.put('this is not a study', 't:broken2');
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
  }));
  await page.waitForFunction(() => location.hash.startsWith('#E'), null, { timeout: 5_000 });
  await page.reload();
  // The study the address links opens again first.
  await page.waitForSelector('#chapters li[data-chapter="3"]');
  await page.click('#library-open');
  await page.waitForFunction(() => document.querySelectorAll('#library-list li[data-study]').length === 3);
  assert.equal(await page.locator('#library-list li[data-damaged]').count(), 1);
  assert.match(await page.textContent('#library-list li[data-damaged]'), /cannot be read/);
  await page.click('#library-list li[data-study="broken2"] .study-open');
  await page.waitForFunction(() => /“Half a study” cannot be read/.test(document.querySelector('#study-note').textContent));
  await audit(page, 'a damaged study in the library at 1280 px');
  // A row renamed in place: its field is named too.
  await page.click('#library-list li[data-study="broken2"] .study-rename');
  await page.waitForSelector('#library-list li[data-study="broken2"] input.study-name');
  await audit(page, 'a study renamed in the library at 1280 px');
  await page.press('#library-list li[data-study="broken2"] input.study-name', 'Escape');
  await page.waitForSelector('#library-list li[data-study="broken2"] .study-open');
  // The good one opens.
  const good = await page.getAttribute('#library-list li[data-study]:not([data-damaged]):not([data-study="broken2"])', 'data-study');
  await page.click(`#library-list li[data-study="${good}"] .study-open`);
  await page.waitForSelector('#chapters li[data-chapter="3"]');
  assert.deepEqual(errors, []);
  await page.close();
});

test('two tabs on one study: the later save wins and the other tab is told', async () => {
  const a = await openStudy();
  await a.page.waitForFunction(() => /Kept in the library|Saved in this browser/.test(document.querySelector('#study-note').textContent));
  const b = await openApp(browser.context);
  await b.page.click('#library-open');
  await b.page.waitForSelector('#library-list li[data-study] .study-open');
  await b.page.click('#library-list li[data-study] .study-open');
  await b.page.waitForSelector('#chapters li[data-chapter="3"]');
  // A adds a chapter: B hears of it.
  await a.page.selectOption('#chapter-source', 'empty');
  await a.page.click('#chapter-add');
  await a.page.waitForSelector('#chapters li[data-chapter="4"]');
  await b.page.waitForFunction(() => /Another tab saved this study/.test(document.querySelector('#study-note').textContent), null, { timeout: 5_000 });
  // B renames a chapter: its save is the later one, and wins.
  await b.page.fill('#chapter-name', 'Renamed in B');
  await b.page.press('#chapter-name', 'Enter');
  await b.page.waitForFunction(() => /Saved in this browser/.test(document.querySelector('#study-note').textContent));
  await a.page.waitForFunction(() => /Another tab saved this study/.test(document.querySelector('#study-note').textContent), null, { timeout: 5_000 });
  await a.page.click('#library-open');
  await a.page.waitForFunction(() => document.querySelector('#library-list li[data-study]')?.dataset.chapters === '4');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
  await b.page.close();
  await a.page.close();
});

test('axe finds nothing in the library, a study, a lesson and its end, at both widths', async () => {
  for (const viewport of WIDTHS) {
    const { page, errors } = await openStudy();
    await page.setViewportSize(viewport);
    await page.click('#library-open');
    await page.waitForSelector('#library-list li[data-study]');
    await audit(page, `library and study at ${viewport.width} px`);
    await page.click('#chapters li[data-chapter="3"] .open-chapter');
    await page.waitForSelector('#lesson:not([hidden])');
    await page.waitForFunction(() => document.querySelector('#lesson-prompt').textContent === 'Black to play: mirror it.');
    await audit(page, `a lesson at ${viewport.width} px`);
    await typeMove(page, 'bG1 -wS1');
    await page.waitForSelector('#lesson-status[data-verdict="wrong"]');
    await audit(page, `a wrong move at ${viewport.width} px`);
    await page.click('#lesson-show');
    await page.waitForSelector('#lesson-summary:not([hidden])');
    await audit(page, `a lesson's end at ${viewport.width} px`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('a library kept by an older build (the database at version 1) is kept when the database is upgraded', async () => {
  const { page, errors } = await openStudy();
  await page.waitForFunction(() => /Kept in the library|Saved in this browser/.test(document.querySelector('#study-note').textContent));
  // What this build kept, read back; then the database as version 1 held it (one store).
  const kept = await page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open('beeline');
    open.onsuccess = () => {
      const s = open.result.transaction('studies').objectStore('studies');
      const keys = s.getAllKeys();
      const values = s.getAll();
      values.onsuccess = () => { open.result.close(); resolve(keys.result.map((k, i) => [k, values.result[i]])); };
      values.onerror = () => reject(values.error);
    };
    open.onerror = () => reject(open.error);
  }));
  assert.equal(kept.length, 2);
  await page.goto('about:blank');
  await page.goto(new URL('.', process.env.BASE_URL ?? 'http://127.0.0.1:8080/').href);
  await page.evaluate((rows) => new Promise((resolve, reject) => {
    const gone = indexedDB.deleteDatabase('beeline');
    gone.onsuccess = () => {
      const open = indexedDB.open('beeline', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('studies');
      open.onsuccess = () => {
        const tx = open.result.transaction('studies', 'readwrite');
        for (const [k, v] of rows) tx.objectStore('studies').put(v, k);
        tx.oncomplete = () => { open.result.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    };
    gone.onerror = () => reject(gone.error);
  }), kept);
  await page.reload();
  await page.waitForSelector('#library-open');
  await page.click('#library-open');
  await page.waitForSelector('#library:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#library-list li[data-study]').length === 1);
  // The entry kept (`m:<id>`): its third field is the study's chapters.
  const chapters = kept.find(([k]) => k.startsWith('m:'))[1].split('\t')[2];
  assert.equal(await page.getAttribute('#library-list li[data-study]', 'data-chapters'), chapters);
  const version = await page.evaluate(() => new Promise((resolve) => {
    const open = indexedDB.open('beeline');
    open.onsuccess = () => { const v = open.result.version; open.result.close(); resolve(v); };
  }));
  assert.equal(version, 2);
  assert.deepEqual(errors, []);
  await page.close();
});
