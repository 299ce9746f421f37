import { launchBrowser } from './helpers.mjs';
const url = process.argv[2];
const b = await launchBrowser({ viewport: { width: 1280, height: 800 } });
const page = await b.context.newPage();
await page.goto(url);
await page.waitForSelector('[data-ready="true"]');
await page.keyboard.press('End');
await page.waitForTimeout(500);
const cdp = await b.context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
await cdp.send('Profiler.start');
const t = await page.evaluate(async () => {
  const key = (k) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  const times = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    key(i % 2 ? 'ArrowRight' : 'ArrowLeft');
    await new Promise((r) => setTimeout(r, 0));
    document.querySelector('svg#board').getBoundingClientRect();
    times.push(performance.now() - t0);
    await new Promise((r) => requestAnimationFrame(() => r()));
  }
  times.sort((a, b) => a - b);
  return times[100];
});
const { profile } = await cdp.send('Profiler.stop');
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas; let total = 0;
const counts = new Map();
profile.samples.forEach((id, i) => { counts.set(id, (counts.get(id) || 0) + (dt[i] || 0)); });
for (const [id, us] of counts) {
  const n = byId.get(id); const name = n.callFrame.functionName || n.callFrame.url.split('/').pop() || '(anon)';
  self.set(name, (self.get(name) || 0) + us); total += us;
}
console.log('median step', t.toFixed(2), 'ms; profiled total', (total / 1000).toFixed(0), 'ms');
[...self].sort((a, b) => b[1] - a[1]).slice(0, 45).forEach(([n, us]) => console.log((us / 1000).toFixed(1).padStart(8), n.slice(0, 150)));
await b.close();
