import { chromium } from '@playwright/test';
const base = 'http://localhost:4391';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
await page.goto(base + '/login');
await page.getByLabel('Email address').fill(process.argv[2]);
await page.getByLabel('Password').fill(process.argv[3]);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/\/(merchant|admin|app)/);
await page.goto(base + process.argv[4]);
await page.waitForTimeout(2500);
if (process.argv[6]) { await eval(`(async () => { ${process.argv[6]} })()`); await page.waitForTimeout(1500); }
console.log('url', page.url()); await page.screenshot({ path: process.argv[5], fullPage: true });
await browser.close();
