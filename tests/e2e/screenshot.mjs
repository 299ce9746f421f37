// Save a screenshot of the app once it has mounted:
//   BASE_URL=http://127.0.0.1:8080/ node tests/e2e/screenshot.mjs out.png [url-path]
// (Not a test file: `node --test` picks up only *.test.mjs here.)

import { launchBrowser, openApp } from './helpers.mjs';

const [out = 'screenshot.png', urlPath = ''] = process.argv.slice(2);
const browser = await launchBrowser();
try {
  const { page, errors } = await openApp(browser.context, urlPath);
  await page.screenshot({ path: out, fullPage: true });
  console.log(`saved ${out}${errors.length ? `\n${errors.join('\n')}` : ''}`);
} finally {
  await browser.close();
}
