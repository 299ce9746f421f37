// Learning: the Learn menu (the toolbar's button, marked once on a first visit, `?learn`), a
// course's chapter played through as a lesson (a wrong move explained, the right ones
// accepted, the chapter kept as done across a reload), a lesson that asks for a move's name,
// and the notation trainer (`?learn=notation`): each drill in each notation answered right
// and wrong, the best score kept across a reload; axe at a desktop's and a phone's width.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, openApp, beeline, audit, WIDTHS } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
});
after(async () => {
  await browser?.close();
});

/** The courses as `beeline learn --export` writes them. */
const COURSES = (() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'beeline-courses-'));
  beeline(['learn', '--export', dir]);
  return {
    rules: readFileSync(path.join(dir, 'rules.pgn'), 'utf8'),
    notations: readFileSync(path.join(dir, 'notations.pgn'), 'utf8'),
  };
})();

/**
 * The chapters of a study file: name, the reader's side, the side that moves first, the
 * main line's moves (standard notation) with the prompt before each, and each main-line
 * move's first variation.
 */
function chapters(text) {
  return text.split(/\n(?=\[StudyName )/).filter((c) => c.trim()).map((c) => {
    const tag = (name) => c.match(new RegExp(`^\\[${name} "([^"]*)"\\]`, 'm'))?.[1];
    const body = c.replace(/^\[.*\]\s*$/gm, '');
    const tokens = body.match(/\{[^}]*\}|\(|\)|\d+\.(?:\.\.)?|[^\s{}()]+/g) ?? [];
    const moves = [];
    const prompts = [];
    const variations = [];
    let depth = 0;
    let current = null;
    let lastComment = null;
    let variationStart = null;
    for (const t of tokens) {
      if (t === '(') {
        depth += 1;
        if (depth === 1) variationStart = moves.length - 1;
        current = null;
        continue;
      }
      if (t === ')') {
        depth -= 1;
        current = null;
        continue;
      }
      if (depth > 0) {
        // A variation's first move: it replaces the main-line move before it.
        if (/^\d+\./.test(t) || t.startsWith('{')) {
          if (t.startsWith('{') && variations[variationStart]?.words === null) variations[variationStart].words = t.slice(1, -1);
          continue;
        }
        if (variationStart >= 0 && variations[variationStart] === undefined) variations[variationStart] = { move: t, words: null };
        else if (variations[variationStart]?.words === null && /^[-\\/]?[wb][A-Z]\d?[-\\/]?$/.test(t)) variations[variationStart].move += ` ${t}`;
        continue;
      }
      if (t.startsWith('{')) {
        lastComment = t.slice(1, -1);
        current = null;
        continue;
      }
      if (/^\d+\./.test(t)) {
        current = null;
        continue;
      }
      if (current !== null) {
        moves[current] += ` ${t}`;
        continue;
      }
      prompts.push(lastComment);
      lastComment = null;
      current = moves.length;
      moves.push(t);
    }
    const reader = tag('Orientation') === 'black' ? 'Black' : 'White';
    const first = /Black to move/.test(tag('Position') ?? '') ? 'Black' : 'White';
    return { name: tag('ChapterName'), reader, first, moves, prompts, variations };
  });
}

const sideOf = (ch, i) => (i % 2 === 0 ? ch.first : ch.first === 'White' ? 'Black' : 'White');
const verdict = (page) => page.getAttribute('#lesson-status', 'data-verdict');

/** Waits for the lesson to ask for the reader's move number `i` (the other side has played). */
async function readerTurn(page, ch, i) {
  await page.waitForFunction(
    ([n]) => document.querySelectorAll('#notation tr[data-ply]').length === n && !document.querySelector('#lesson-hint')?.disabled,
    [i],
  );
}

async function typeMove(page, text) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
}

test('a first visit marks Learn once; ?learn opens the menu with both courses', async () => {
  // A browser of its own: a first visit's storage is empty.
  const fresh = await launchBrowser({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const { page, errors } = await openApp(fresh.context);
  assert.equal(await page.getAttribute('html', 'data-learn-new'), '', 'a first visit marks the button');
  await page.click('#learn-open');
  await page.waitForSelector('#learn-menu:not([hidden])');
  assert.equal(await page.getAttribute('#learn-open', 'aria-pressed'), 'true');
  assert.equal(await page.getAttribute('html', 'data-learn-new'), null, 'the mark goes once the menu is seen');
  const rules = chapters(COURSES.rules);
  const notations = chapters(COURSES.notations);
  assert.ok(rules.length >= 14 && notations.length >= 8, `${rules.length} and ${notations.length} chapters`);
  assert.equal(await page.getAttribute('[data-course="rules"]', 'data-chapters'), String(rules.length));
  assert.equal(await page.getAttribute('[data-course="notations"]', 'data-chapters'), String(notations.length));
  assert.deepEqual(
    await page.$$eval('[data-course="rules"] .course-chapter', (bs) => bs.map((b) => b.textContent)),
    rules.map((c) => c.name),
  );
  await page.reload();
  await page.waitForSelector('[data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'data-learn-new'), null, 'shown once only');
  await page.goto(new URL('?learn', page.url()).href);
  await page.waitForSelector('#learn-menu:not([hidden])');
  await page.click('#learn-close');
  await page.waitForSelector('#learn-menu[hidden]', { state: 'attached' });
  assert.deepEqual(errors, [], 'no page or console errors');
  await fresh.close();
});

test('a course chapter: a wrong move explained, the right ones accepted, the chapter kept as done', async () => {
  const { page, errors } = await openApp(browser.context, '?learn');
  await page.waitForSelector('#learn-menu:not([hidden])');
  // The first chapter with a tempting wrong move the author explains.
  const all = chapters(COURSES.rules);
  const index = all.findIndex((c) => c.variations.some((v, i) => v && sideOf(c, i) === c.reader));
  assert.ok(index >= 0, 'the rules course explains a wrong move somewhere');
  const ch = all[index];
  await page.click(`[data-course="rules"] li[data-chapter="${index}"] .course-chapter`);
  await page.waitForSelector('#lesson:not([hidden])');
  assert.match(await page.textContent('#lesson-heading'), new RegExp(ch.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  let wrongTried = false;
  for (let i = 0; i < ch.moves.length; i += 1) {
    if (sideOf(ch, i) !== ch.reader) continue;
    await readerTurn(page, ch, i);
    if (ch.prompts[i]) assert.equal(await page.textContent('#lesson-prompt'), ch.prompts[i].replace(/\s*\[%[^\]]*\]/g, '').trim());
    const variation = ch.variations[i];
    if (!wrongTried && variation) {
      await typeMove(page, variation.move);
      await page.waitForFunction(() => document.querySelector('#lesson-status')?.dataset.verdict === 'wrong');
      if (variation.words) assert.equal(await page.textContent('#lesson-status'), variation.words.replace(/\s+/g, ' ').trim());
      wrongTried = true;
      // The wrong move is taken back.
      await readerTurn(page, ch, i);
    }
    await typeMove(page, ch.moves[i]);
    await page.waitForFunction(() => ['right', 'done'].includes(document.querySelector('#lesson-status')?.dataset.verdict));
  }
  assert.ok(wrongTried);
  await page.waitForFunction(() => document.querySelector('#lesson-status')?.dataset.verdict === 'done');
  await page.waitForSelector('#lesson-summary:not([hidden])');
  // Kept as done, in the menu and after a reload.
  await page.waitForSelector(`[data-course="rules"] li[data-chapter="${index}"][data-done]`, { state: 'attached' });
  await page.goto(new URL('?learn', page.url()).href);
  await page.waitForSelector('#learn-menu:not([hidden])');
  await page.waitForSelector(`[data-course="rules"] li[data-chapter="${index}"][data-done]`);
  assert.notEqual(await page.getAttribute('[data-course="rules"]', 'data-done'), '0');
  assert.match(await page.textContent('[data-course="rules"] .course-start'), /Continue|Again/);
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('a lesson that asks for a name takes it in its notation only', async () => {
  const all = chapters(COURSES.notations);
  const index = all.findIndex((c) => c.prompts.some((p, i) => p?.includes('[%name') && sideOf(c, i) === c.reader));
  assert.ok(index >= 0, 'the notations course asks for names');
  const ch = all[index];
  const { page, errors } = await openApp(browser.context, `?learn=notations`);
  await page.waitForSelector('#lesson:not([hidden])');
  await page.click(`#chapters li[data-chapter="${index}"] .open-chapter`);
  await page.waitForFunction((n) => document.querySelector('#lesson-heading')?.textContent.includes(n), ch.name);
  for (let i = 0; i < ch.moves.length; i += 1) {
    if (sideOf(ch, i) !== ch.reader) continue;
    await readerTurn(page, ch, i);
    const named = ch.prompts[i]?.match(/\[%name (\w+)\]/)?.[1];
    if (!named) {
      await typeMove(page, ch.moves[i]);
      await page.waitForFunction(() => ['right', 'done'].includes(document.querySelector('#lesson-status')?.dataset.verdict));
      continue;
    }
    await page.waitForSelector('#lesson-name-form:not([hidden])');
    // The move is drawn on the board.
    await page.waitForSelector('svg#board g.drawings > *', { state: 'attached' });
    // Its standard name is no answer in another notation.
    const study = JSON.parse(beeline(['convert', '--to', 'json', '-'], chapterAsGame(COURSES.notations, index)));
    const row = study.chapters[0].record.moves.find((m) => m.path === String(i + 1));
    const answer = { standard: row.standard, direction: row.direction, algebraic: row.algebraic_long }[named];
    const other = named === 'standard' ? row.direction : row.standard;
    await page.fill('#lesson-name', other);
    await page.press('#lesson-name', 'Enter');
    await page.waitForFunction(() => document.querySelector('#lesson-status')?.dataset.verdict === 'wrong');
    await page.fill('#lesson-name', answer);
    await page.press('#lesson-name', 'Enter');
    await page.waitForFunction(() => ['right', 'done'].includes(document.querySelector('#lesson-status')?.dataset.verdict));
    break;
  }
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('a course reloaded opens at its chapter, and never joins the library', async () => {
  const { page, errors } = await openApp(browser.context, '?learn=rules');
  await page.waitForSelector('#lesson:not([hidden])');
  await page.click('#chapters li[data-chapter="2"] .open-chapter');
  await page.waitForSelector('#chapters li[data-chapter="2"][aria-current="true"]');
  await page.waitForFunction(() => location.hash.startsWith('#E'));
  await page.reload();
  await page.waitForSelector('[data-ready="true"]');
  await page.waitForSelector('#chapters li[data-chapter="2"][aria-current="true"]');
  await page.waitForSelector('#lesson:not([hidden])');
  await page.click('#library-open');
  await page.waitForSelector('#library:not([hidden])');
  const titles = await page.$$eval('#library-list li[data-study]', (ls) => ls.map((l) => l.textContent));
  assert.ok(!titles.some((t) => t.includes('Hive: the rules')), titles.join(' | '));
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

test('why a reference: said for a hovered destination and on a hovered move of the list', async () => {
  const { page, errors } = await openApp(browser.context);
  // Ply 17 of the example game: Black's bA3 /wQ, written A2×Qs: the white Queen is its
  // reference, as a Queen next to the destination always is.
  await page.fill('#move-number', '17');
  await page.press('#move-number', 'Enter');
  await page.waitForSelector('svg#board[data-ply="17"]');
  await page.waitForSelector('svg#board g[data-piece="bA3"][data-movable="true"]');
  await page.locator('svg#board g[data-piece="bA3"]').click();
  const cell = page.locator('svg#board [data-destination][data-move="bA3 /wQ"]');
  await cell.hover();
  // The destination's tooltip says it.
  await page.waitForFunction(() =>
    document.querySelector('svg#board [data-destination][data-move="bA3 /wQ"] title')?.textContent.includes('The reference'),
  );
  assert.equal(
    await cell.locator('title').textContent(),
    'Play bA3 /wQ. The reference is wQ: a Queen next to the destination always comes first.',
  );
  // The same move in the list: its direction cell's title, once the pointer rests on it.
  await page.mouse.move(0, 0);
  await page.hover('#notation tr[data-ply="18"] td.direction');
  await page.waitForSelector('#notation tr[data-ply="18"] td.direction[title]');
  assert.equal(await page.textContent('#notation tr[data-ply="18"] td.direction'), 'A2×Qs');
  assert.equal(
    await page.getAttribute('#notation tr[data-ply="18"] td.direction', 'title'),
    'The reference is wQ: a Queen next to the destination always comes first.',
  );
  // The first move of the game has none, and says why.
  await page.hover('#notation tr[data-ply="1"] td.direction');
  await page.waitForSelector('#notation tr[data-ply="1"] td.direction[title]');
  assert.match(await page.getAttribute('#notation tr[data-ply="1"] td.direction', 'title'), /^No reference: the first piece/);
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

/** Chapter `index` of a study file, alone. */
function chapterAsGame(text, index) {
  return text.split(/\n(?=\[StudyName )/).filter((c) => c.trim())[index];
}

/** The question's position as a UHP game (the notation table's moves) and its move. */
async function question(page) {
  const uhp = await page.getAttribute('#trainer-prompt', 'data-move');
  const moves = await page.$$eval('#notation tr[data-ply]:not([data-variation="true"]) td.standard', (ts) => ts.map((t) => t.textContent.trim()));
  return { uhp, moves };
}

/** The question's move in every notation, by the command line's writers. */
function names({ uhp, moves }) {
  const game = ['Base+MLP', 'InProgress', 'White[1]', ...moves, uhp].join(';');
  const json = JSON.parse(beeline(['convert', '--from', 'uhp', '--to', 'json', '-'], game));
  const row = json.moves[json.moves.length - 1];
  return { standard: row.standard, direction: row.direction, algebraic: row.algebraic_long };
}

/** Plays a move (UHP) on the board by clicking the piece (or its reserve) and its cell. */
async function playOnBoard(page, uhp) {
  const piece = uhp.split(' ')[0];
  const onBoard = page.locator(`svg#board g[data-piece="${piece}"]`);
  if (await onBoard.count()) await onBoard.click();
  else await page.click(`[data-reserve="${piece.slice(0, 2)}"]`);
  const cell = page.locator(`svg#board [data-destination][data-move="${uhp.replace(/[\\"]/g, (c) => `\\${c}`)}"]`);
  await cell.click();
}

/** Another legal move of the question's position, on the board, that notation `notation`
 * writes otherwise (before the hive fixes the frame, a rotation or mirror image of the move
 * shares its text, and is right). */
async function playAnother(page, q, notation) {
  const { uhp } = q;
  const expected = names(q)[notation];
  const piece = uhp.split(' ')[0];
  const onBoard = page.locator(`svg#board g[data-piece="${piece}"]`);
  if (await onBoard.count()) await onBoard.click();
  else await page.click(`[data-reserve="${piece.slice(0, 2)}"]`);
  await page.waitForSelector('svg#board [data-destination]');
  const others = (await page.$$eval('svg#board [data-destination]', (ds, m) => ds.map((d) => d.dataset.move).filter((x) => x !== m), uhp))
    .filter((x) => names({ uhp: x, moves: q.moves })[notation] !== expected);
  if (!others.length) return false;
  await page.click(`svg#board [data-destination][data-move="${others[0].replace(/[\\"]/g, (c) => `\\${c}`)}"]`);
  return true;
}

const score = (page) => page.textContent('#trainer-score').then(Number);
const trainerVerdict = (page) => page.getAttribute('#trainer-status', 'data-verdict');

for (const notation of ['standard', 'direction', 'algebraic']) {
  test(`the trainer in the ${notation} notation: find and name, right and wrong`, async () => {
    const { page, errors } = await openApp(browser.context, '?learn=notation');
    await page.waitForSelector('#trainer:not([hidden])');
    await page.selectOption('#trainer-notation', notation);
    await page.selectOption('#trainer-time', '0');
    for (const drill of ['find', 'name']) {
      await page.selectOption('#trainer-drill', drill);
      await page.click('#trainer-start');
      await page.waitForSelector('#trainer-prompt[data-move]');
      let right = 0;
      let wrong = 0;
      for (let tries = 0; tries < 8 && (right < 1 || wrong < 1); tries += 1) {
        const q = await question(page);
        const expected = names(q)[notation];
        const asked = await page.getAttribute('#trainer-prompt', 'data-asked');
        if (drill === 'find') {
          assert.equal(await page.textContent('#trainer-prompt'), `Play ${expected}`);
          if (right === 0) {
            await playOnBoard(page, q.uhp);
            right += 1;
          } else {
            if (!(await playAnother(page, q, notation))) continue;
            wrong += 1;
          }
        } else {
          await page.waitForSelector('#trainer-answer-form:not([hidden])');
          await page.fill('#trainer-answer', right === 0 ? expected : `${expected}zz`);
          await page.press('#trainer-answer', 'Enter');
          if (right === 0) right += 1;
          else wrong += 1;
        }
        // The answer is judged and the next question asked.
        await page
          .waitForFunction((n) => document.querySelector('#trainer-prompt')?.dataset.asked !== n, asked, { timeout: 10_000 })
          .catch(async (e) => {
            const status = await page.textContent('#trainer-status');
            const ply = await page.getAttribute('svg#board', 'data-ply');
            throw new Error(`${drill}: no next question after answering ${q.uhp} (${expected}) at ply ${ply}; status "${status}"; ${e.message}`);
          });
        const v = await trainerVerdict(page);
        if (wrong === 0) {
          assert.equal(v, 'right', `${drill}: ${expected} judged ${v}: ${await page.textContent('#trainer-status')}`);
        } else {
          assert.equal(v, 'wrong', `${drill}: a wrong answer judged ${v}`);
          assert.ok((await page.textContent('#trainer-status')).includes(expected), 'the right answer is shown after a wrong one');
        }
      }
      assert.equal(await score(page), 1, `${drill}: one right answer scores 1`);
      await page.click('#trainer-start');
      await page.waitForFunction(() => document.querySelector('#trainer-status')?.dataset.verdict === 'over');
      assert.equal(await page.textContent('#trainer-best'), 'best 1');
    }
    // The best scores are kept across a reload.
    await page.reload();
    await page.waitForSelector('#trainer:not([hidden])');
    await page.selectOption('#trainer-notation', notation);
    await page.selectOption('#trainer-drill', 'name');
    assert.equal(await page.textContent('#trainer-best'), 'best 1');
    assert.deepEqual(errors, [], 'no page or console errors');
    await page.close();
  });
}

test('a timed round ends by itself with its score', async () => {
  const { page, errors } = await openApp(browser.context, '?learn=notation');
  await page.waitForSelector('#trainer:not([hidden])');
  // A round of 30 s, its clock sped up by the page's own clock.
  await page.click('#trainer-start');
  await page.waitForSelector('#trainer-prompt[data-move]');
  assert.match(await page.textContent('#trainer-clock'), /^(30|29) s$/);
  await page.evaluate(() => {
    const now = Date.now;
    Date.now = () => now() + 31_000;
  });
  await page.waitForFunction(() => document.querySelector('#trainer-status')?.dataset.verdict === 'over', null, { timeout: 5_000 });
  assert.match(await page.textContent('#trainer-status'), /^Time! Score 0\.$/);
  assert.equal(await page.textContent('#trainer-start'), 'Start');
  assert.deepEqual(errors, [], 'no page or console errors');
  await page.close();
});

for (const size of WIDTHS) {
  test(`axe finds nothing in the Learn menu, a lesson and the trainer at ${size.width} px`, async () => {
    const { page } = await openApp(browser.context, '?learn');
    await page.setViewportSize(size);
    await page.waitForSelector('#learn-menu:not([hidden])');
    await audit(page, `the Learn menu at ${size.width} px`);
    await page.screenshot({ path: path.join(tmpdir(), `beeline-learn-menu-${size.width}.png`) });
    await page.click('[data-course="rules"] .course-start');
    await page.waitForSelector('#lesson:not([hidden])');
    await audit(page, `a course's lesson at ${size.width} px`);
    await page.click('#trainer-open');
    await page.waitForSelector('#trainer:not([hidden])');
    await page.selectOption('#trainer-drill', 'name');
    await page.click('#trainer-start');
    await page.waitForSelector('#trainer-answer-form:not([hidden])');
    await audit(page, `the trainer at ${size.width} px`);
    await page.screenshot({ path: path.join(tmpdir(), `beeline-trainer-${size.width}.png`) });
    await page.close();
  });
}
