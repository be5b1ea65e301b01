import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

// Seeded by the server with SEED_DEMO=true (apps/server/src/seed/demo-data.ts).
export const DEMO_PASSWORD = 'Prosa@2026';
export const DEMO = {
  admin: 'admin@empresademo.com.br',
  manager: 'gestor@empresademo.com.br',
  ana: 'ana.operadora@empresademo.com.br',
  bruno: 'bruno.operador@empresademo.com.br',
  otherAdmin: 'admin@outraempresa.com.br',
} as const;

/** The data directory of the e2e server (playwright.config.ts webServer DATA_DIR). */
const OUTBOX = join('.data', `e2e-${process.env.E2E_PORT ?? 3100}`, 'outbox');
// Outbox files are named after new Date().toISOString() with ':' and '.' turned into '-'.
const FILE_STAMP = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/;

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export async function fillCredentials(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Logs in through the screen and waits for the chat, the landing page after login. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await fillCredentials(page, email, password);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Atendimentos' })).toBeVisible();
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link');
}

/** The first match of `pattern` in the newest e-mail to `to` written after `since` (.eml files, no SMTP). */
export async function readMail(to: string, since: number, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(OUTBOX).catch(() => [] as string[]);
        const mine = files.filter((f) => f.endsWith(`-${to}.eml`)).sort();
        for (const file of mine.reverse()) {
          const stamp = Date.parse(file.slice(0, 24).replace(FILE_STAMP, '$1:$2:$3.$4Z'));
          if (stamp < since) continue;
          const text = decodeQuotedPrintable(await readFile(join(OUTBOX, file), 'latin1'));
          found = pattern.exec(text)?.[1];
          if (found) return true;
        }
        return false;
      },
      { timeout: 15_000, message: `e-mail para ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error(`nada encontrado no e-mail para ${to}`);
  return found;
}

export const readMailedCode = (to: string, since: number) =>
  readMail(to, since, /acesso ao Prosa é: (\d{6})/);
