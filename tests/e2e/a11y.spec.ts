import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, WCAG_22_AA } from './axe-support';
import { badCredentials, DEMO, signIn } from './support';

// Every screen of every role, and the states behind its tabs, against axe's WCAG 2.2 AA rules and the CSP; the
// public screens a phone visitor lands on also in the mobile project (@mobile).

type Account = { email: string; password: string } | null;

/** A screen state to check beyond the first view: a tab to open, and what shows it has rendered. */
interface Extra {
  name: string;
  open: (page: Page) => Promise<void>;
}

interface Screen {
  path: string;
  /** Where the visit must end (a signed-in visitor to /login is sent home, for instance); defaults to path. */
  expectPath?: string;
  extras?: Extra[];
  /** Many tabs to check: triple the time (test.slow). */
  slow?: boolean;
  /** A heading the screen must show (by its name), or `true` for any h1: the screen rendered, not an empty frame. */
  heading?: string | true;
  /** Checked on a phone too (the mobile project's @mobile). */
  mobile?: boolean;
}

const tab = (name: string): Extra => ({
  name: `${name} tab`,
  open: async (page) => {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  },
});

/** Opens the table beside an insights chart (its text alternative). */
const figuresTable = (chart: string): Extra => ({
  name: `${chart} table`,
  open: async (page) => {
    const section = page.getByRole('region', { name: chart, exact: true });
    await section.getByText('Show the figures as a table').click();
    await expect(section.getByRole('table')).toBeVisible();
  },
});
const days90: Extra = {
  name: '90-day window',
  open: async (page) => {
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(page.getByText(/over the last 90 days/).first()).toBeVisible();
  },
};

/** The register form with a city chosen and its charities listed. */
const cityAndCharities: Extra = {
  name: 'city and charities',
  open: async (page) => {
    await page.getByLabel('Home city').selectOption({ label: 'Lyons, Colorado' });
    await expect(page.getByLabel('Preferred charity').locator('option', { hasText: 'Lyons Youth Sports' })).toBeAttached();
  },
};
/** A failed sign-in and its error toast. */
const failedSignIn: Extra = {
  name: 'failed sign-in toast',
  open: async (page) => {
    await signIn(page, badCredentials());
    await expect(page.getByTestId('toast')).toContainText('Login failed');
  },
};

const publicScreens: Screen[] = [
  { path: '/', heading: 'Support Community', mobile: true },
  { path: '/about', heading: 'Join Our Community', mobile: true },
  { path: '/login', heading: 'Sign in to your account', mobile: true, extras: [failedSignIn] },
  { path: '/register', heading: 'Create your account', mobile: true, extras: [cityAndCharities] },
  { path: '/register?role=merchant', heading: 'Create merchant account', mobile: true },
  { path: '/subscribe', heading: true, mobile: true },
  { path: '/browse-deals', heading: true, mobile: true },
  { path: '/no-such-page', heading: 'Page Not Found', mobile: true },
  // A deal link (decision 115): the visitor view, and a link that names no deal.
  { path: '/deals/d0000000-0000-4000-8000-000000000001' },
  { path: '/deals/not-a-deal' },
  { path: '/impact' },
];

/** Every route of the route table, for each role that can open it (docs/spec.md sections 2 and 6). */
const roles: { role: string; account: Account; screens: Screen[] }[] = [
  { role: 'visitor', account: null, screens: publicScreens },
  {
    role: 'member',
    account: DEMO.member,
    screens: [
      { path: '/app', extras: [tab('Community Feed')] },
      { path: '/deals' },
      { path: '/deals/d0000000-0000-4000-8000-000000000001' },
      { path: '/notifications', extras: [tab('Following')] },
      { path: '/profile' },
      { path: '/about' },
      { path: '/browse-deals' },
      { path: '/no-such-page' },
    ],
  },
  {
    role: 'merchant',
    account: DEMO.merchant,
    screens: [
      { path: '/merchant', extras: [tab('My Deals')] },
      { path: '/merchant/deals' },
      { path: '/merchant/collabs', extras: [tab('Requests'), tab('Active Collabs')] },
      { path: '/merchant/counter', extras: [tab('Redeem')] },
      { path: '/merchant/counter/board' },
      { path: '/merchant/insights', extras: [figuresTable('Points earned and redeemed'), days90] },
      { path: '/merchant/community' },
      { path: '/profile' },
      { path: '/browse-deals' },
    ],
  },
  { role: 'pending merchant', account: DEMO.pending, screens: [{ path: '/merchant' }, { path: '/profile' }] },
  {
    role: 'admin',
    account: DEMO.admin,
    screens: [
      { path: '/admin', extras: [tab('User Management'), tab('City Management'), tab('Charity Management'), figuresTable('Membership payments and charity share')], slow: true },
      { path: '/profile' },
    ],
  },
];

/** Waits until the screen has settled: no loading splash, no skeletons, no "Loading..." text. */
async function waitForScreen(page: Page) {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
  await expect(page.getByText(/^Loading\b.*\.\.\.$/)).toHaveCount(0);
}

/** Collects Content-Security-Policy violations (decision 089): the event in the page and the console report. */
const cspReports = new WeakMap<Page, string[]>();
async function watchCsp(page: Page) {
  const reports: string[] = [];
  cspReports.set(page, reports);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => { reports.push(text); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (t: string) => void })
        .__reportCspViolation(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

async function expectNoCspViolations(page: Page, label: string) {
  const csp = (await page.request.get(page.url())).headers()['content-security-policy'] ?? '';
  expect(csp, `CSP header on ${label}`).toMatch(/frame-ancestors 'none'/);
  expect(csp, `no inline scripts allowed on ${label}`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(cspReports.get(page), `CSP violations on ${label}`).toEqual([]);
}

for (const { role, account, screens } of roles) {
  test.describe(`axe, WCAG 2.2 AA, as ${role}`, () => {
    test.beforeEach(async ({ page }) => {
      await watchCsp(page);
      if (!account) return;
      const res = await page.request.post('/api/auth/login', { data: account });
      expect(res.status(), `sign in as ${role}`).toBe(200);
    });

    for (const screen of screens) {
      test(`${screen.path} has no violations${screen.mobile ? ' @mobile' : ''}`, async ({ page }) => {
        if (screen.slow) test.slow();
        await page.goto(screen.path);
        const expected = (screen.expectPath ?? screen.path).split('?')[0];
        await expect(page).toHaveURL((url) => url.pathname === expected);
        if (screen.heading) {
          const heading = screen.heading === true ? page.getByRole('heading', { level: 1 }) : page.getByRole('heading', { name: screen.heading });
          await expect(heading.first()).toBeVisible();
        }
        await waitForScreen(page);
        await expectNoAxeViolations(page, { tags: WCAG_22_AA, label: `${screen.path} as ${role}` });
        for (const extra of screen.extras ?? []) {
          await extra.open(page);
          await waitForScreen(page);
          await expectNoAxeViolations(page, { tags: WCAG_22_AA, label: `${screen.path} (${extra.name}) as ${role}` });
        }
        await expectNoCspViolations(page, `${screen.path} as ${role}`);
      });
    }
  });
}
