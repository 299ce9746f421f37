// How quick the notation trainer is (not a test file; scripts/bench-web.sh runs it): an
// answer typed (Enter in the name drill) to the next question on the board (its
// `data-asked` changed and the board redrawn), in each notation (target: under 50 ms).
//   BASE_URL=http://127.0.0.1:8080/ node tests/e2e/bench-learn.mjs

import { launchBrowser, openApp } from './helpers.mjs';

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

const browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
try {
  const { page, errors } = await openApp(browser.context, '?learn=notation');
  await page.waitForSelector('#trainer:not([hidden])');
  await page.selectOption('#trainer-time', '0');
  await page.selectOption('#trainer-drill', 'name');
  for (const notation of ['standard', 'direction', 'algebraic']) {
    await page.selectOption('#trainer-notation', notation);
    await page.click('#trainer-start');
    await page.waitForSelector('#trainer-answer-form:not([hidden])');
    const times = [];
    for (let i = 0; i < 40; i++) {
      const ms = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const prompt = document.querySelector('#trainer-prompt');
            const asked = prompt.dataset.asked;
            const input = document.querySelector('#trainer-answer');
            const t0 = performance.now();
            const seen = new MutationObserver(() => {
              if (prompt.dataset.asked !== asked && document.querySelector('svg#board')) {
                seen.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - t0));
              }
            });
            seen.observe(document.body, { attributes: true, childList: true, subtree: true });
            input.value = 'x';
            input.form.requestSubmit();
          }),
      );
      times.push(ms);
    }
    await page.click('#trainer-start');
    console.log(
      `[bench-learn] ${notation}: answer to the next question drawn, median ${quantile(times, 0.5).toFixed(1)} ms, 90th percentile ${quantile(times, 0.9).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms (${times.length} questions; target < 50 ms)`,
    );
  }
  if (errors.length) console.log(`[bench-learn] page errors:\n${errors.join('\n')}`);
} finally {
  await browser.close();
}
