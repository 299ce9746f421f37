import { launchBrowser } from './helpers.mjs';
const url = process.argv[2];
const b = await launchBrowser({ viewport: { width: 1280, height: 800 } });
const page = await b.context.newPage();
await page.goto(url);
await page.waitForSelector('[data-ready="true"]');
await page.keyboard.press('End');
await page.waitForTimeout(500);
const cdp = await b.context.newCDPSession(page);
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink,v8.execute', transferMode: 'ReportEvents' });
const med = await page.evaluate(async () => {
  const key = (k) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  const times = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    key(i % 2 ? 'ArrowRight' : 'ArrowLeft');
    await new Promise((r) => setTimeout(r, 0));
    document.querySelector('svg#board').getBoundingClientRect();
    times.push(performance.now() - t0);
    await new Promise((r) => requestAnimationFrame(() => r()));
  }
  times.sort((a, b) => a - b); return times[50];
});
await cdp.send('Tracing.end');
await done;
const tot = new Map();
for (const e of events) if (e.ph === 'X' && e.dur) tot.set(e.name, (tot.get(e.name) || 0) + e.dur);
console.log('median', med.toFixed(2));
[...tot].sort((a, b) => b[1] - a[1]).slice(0, 25).forEach(([n, d]) => console.log((d / 1000 / 100).toFixed(3).padStart(8), 'ms/step', n));
await b.close();
