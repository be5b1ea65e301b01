import { type Browser, expect, type Page } from '@playwright/test';

/** The web chat widget's message log. */
export const widgetLog = (page: Page) => page.getByRole('log', { name: 'Conversa' });

/** The visitor writes in the open widget and sees the message in its log. */
export async function widgetSends(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.fill(text);
  await box.press('Enter');
  await expect(widgetLog(page).getByText(text)).toBeVisible();
}

/** A visitor on the demo site (a browser of its own): opens the widget, fills the form and writes the first message. */
export async function visitorStarts(browser: Browser, name: string, firstMessage: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/demo/webchat');
  await page.getByRole('button', { name: /conversa/ }).click();
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Iniciar conversa' }).click();
  await widgetSends(page, firstMessage);
  return page;
}
