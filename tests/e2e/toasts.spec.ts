import { expect, test } from '@playwright/test';
import { badCredentials, expectToast, signIn, toast } from './support';

test.describe('toasts', () => {
  test('F8 focuses the notifications region', async ({ page }) => {
    await signIn(page, badCredentials());
    await expectToast(page, 'Login failed');
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
  });

  test('a short swipe keeps the toast, a swipe right past 50 px dismisses it', async ({ page }) => {
    await signIn(page, badCredentials());
    const item = await expectToast(page, 'Login failed');
    const box = (await item.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 20;

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 5 });
    await page.mouse.up();
    await expect(item).toBeVisible();
    // It slides back into place; a press while it is still 30 px to the right would miss it.
    await expect.poll(async () => Math.round((await item.boundingBox())?.x ?? -1)).toBe(Math.round(box.x));

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 5 });
    await page.mouse.up();
    await expect(toast(page)).toHaveCount(0);
  });

  test('only one toast shows at a time and it closes by itself after 5 s', async ({ page }) => {
    await signIn(page, badCredentials());
    await expectToast(page, 'Login failed');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(toast(page)).toHaveCount(1);
    await page.mouse.move(0, 0); // hovering pauses the timer; stay away from it
    await expect(toast(page)).toHaveCount(0, { timeout: 8000 });
  });
});
