// How long the trainer takes to show the next puzzle once its shard is read (the budget:
// under 100 ms): the time from the click on #puzzle-next to the board drawing the new
// position, twenty times, from the built-in set's first shard. Not a test file.
//   BASE_URL=http://127.0.0.1:8080/ node tests/e2e/bench-trainer.mjs

import { launchBrowser, openApp } from './helpers.mjs';

const browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
try {
  const { page, errors } = await openApp(browser.context, '?puzzles');
  await page.waitForSelector('#puzzle-trainer[data-puzzle-id]');
  const times = [];
  for (let i = 0; i < 20; i++) {
    // Nothing is solved, so "next" goes back and forth between the first two unsolved
    // puzzles: each is posed anew from the shard kept.
    const ms = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const trainer = document.querySelector('#puzzle-trainer');
          const board = document.querySelector('svg#board');
          const before = trainer.dataset.puzzleId;
          const t0 = performance.now();
          const seen = new MutationObserver(() => {
            if (trainer.dataset.puzzleId !== before) {
              seen.disconnect();
              // The board's redraw is the next frame's.
              requestAnimationFrame(() => resolve(performance.now() - t0));
            }
          });
          seen.observe(trainer, { attributes: true });
          seen.observe(board, { attributes: true, subtree: true });
          document.querySelector('#puzzle-next').click();
        }),
    );
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `next puzzle shown: median ${median.toFixed(1)} ms, p90 ${times[Math.floor(times.length * 0.9)].toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (20 clicks)`,
  );
  if (errors.length) console.log(errors.join('\n'));
} finally {
  await browser.close();
}
