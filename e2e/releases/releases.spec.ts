import { expect, type Page, test } from '@playwright/test';
import { CURRENT_RELEASE, RELEASES } from '@prosa/shared/releases';
import { sql } from '../support/database';
import { DEMO, login } from '../support/demo';

// Release notes (issue 20): Bruno last saw an older version, so on login the "Novidades" panel shows the current
// version once; "Entendi" records it and a reload shows nothing; the header button reopens every version's notes.

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const PREVIOUS = RELEASES[1];
const OLDEST = RELEASES.at(-1);
const seenOf = async (email: string) =>
  (
    await sql<{ seen: string | null }>(
      `select settings->>'release_seen' as seen from users where email = $1`,
      [email],
    )
  )[0]?.seen;

test.afterAll(async () => {
  // Whatever happened above, later specs logging in as Bruno must not meet the panel.
  await sql(
    `update users set settings = settings || jsonb_build_object('release_seen', $1::text) where email = $2`,
    [CURRENT_RELEASE.version, DEMO.bruno],
  );
});

test('quem usava a versão anterior vê as novidades uma vez; o botão do cabeçalho as reabre', async ({
  page,
}) => {
  if (!PREVIOUS || !OLDEST) throw new Error('RELEASES precisa de ao menos duas versões');
  await sql(
    `update users set settings = settings || jsonb_build_object('release_seen', $1::text) where email = $2`,
    [PREVIOUS.version, DEMO.bruno],
  );

  await login(page, DEMO.bruno);
  const panel = page.getByRole('dialog', { name: `Novidades da versão ${CURRENT_RELEASE.version}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: CURRENT_RELEASE.title })).toBeVisible();
  await expect(panel.getByText(CURRENT_RELEASE.items[0]?.text ?? '')).toBeVisible();
  await shot(page, 'releases-panel');
  await panel.getByRole('button', { name: 'Entendi' }).click();
  await expect(panel).toHaveCount(0);
  await expect.poll(() => seenOf(DEMO.bruno)).toBe(CURRENT_RELEASE.version);

  // Seen once: after a reload the answer says so and no panel opens.
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/releases') && r.ok());
  await page.reload();
  expect(((await (await answered).json()) as { unseen: boolean }).unseen).toBe(false);
  await expect(page.getByRole('heading', { name: 'Atendimentos' })).toBeVisible();
  await expect(panel).toHaveCount(0);

  // The header button reopens the notes: the current version first, older ones below.
  await page.getByRole('button', { name: 'Novidades' }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: CURRENT_RELEASE.title })).toBeVisible();
  await panel.getByRole('button', { name: new RegExp(OLDEST.title) }).click();
  await expect(panel.getByText(OLDEST.items[0]?.text ?? '')).toBeVisible();
  await shot(page, 'releases-all');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  expect(await seenOf(DEMO.bruno)).toBe(CURRENT_RELEASE.version);
});
