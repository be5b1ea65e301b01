import { expect, type Page, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

// Internal surveys (issue 20): the admin publishes a one-question survey to the demo company; Bruno, already
// logged in his own browser, sees it pop up without reloading, answers and is thanked; the admin's view counts the
// answer. The survey is deleted at the end, so no later spec sees its modal.

const STAMP = Date.now().toString(36);
const TITLE = `Pesquisa de clima ${STAMP}`;
const QUESTION = 'Como você avalia o novo painel?';

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function deleteByTitle(page: Page) {
  const r = await page.request.get(`/api/surveys?search=${encodeURIComponent(TITLE)}`);
  if (!r.ok()) return;
  const body = (await r.json()) as { result: { id: number }[] };
  for (const s of body.result) await page.request.delete(`/api/surveys/${s.id}`);
}

test('o admin publica uma pesquisa, o operador a vê surgir ao vivo e responde, o admin vê a resposta', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  const bruno = await (await browser.newContext()).newPage();
  try {
    await login(admin, DEMO.admin);
    await login(bruno, DEMO.bruno);

    await mainMenu(admin).filter({ hasText: 'Pesquisas internas' }).click();
    await expect(admin).toHaveURL(/\/surveys$/);
    await admin.getByRole('button', { name: 'Nova pesquisa' }).click();
    const form = admin.getByRole('dialog', { name: 'Nova pesquisa' });
    await form.getByRole('textbox', { name: 'Título' }).fill(TITLE);
    await form
      .getByRole('textbox', { name: 'Informações (HTML)' })
      .fill('<p>Sua opinião <b>importa</b>.</p>');
    await expect(form.locator('b', { hasText: 'importa' })).toBeVisible();
    await form.getByRole('combobox', { name: 'Empresas' }).fill('Demo');
    await admin.getByRole('option', { name: 'Empresa Demo', exact: true }).click();
    await form.getByRole('textbox', { name: 'Pergunta 1', exact: true }).fill(QUESTION);
    await form.getByRole('textbox', { name: 'Opção 1 da pergunta 1' }).fill('Ótimo');
    await form.getByRole('textbox', { name: 'Opção 2 da pergunta 1' }).fill('Regular');
    await form.getByRole('switch', { name: "Permitir 'Outros'" }).check();
    await shot(admin, 'surveys-new');
    await form.getByRole('button', { name: 'Publicar pesquisa' }).click();
    await expect(admin.getByText('Pesquisa publicada com sucesso.')).toBeVisible();
    await expect(form).toHaveCount(0);
    const row = admin.getByRole('row').filter({ hasText: TITLE });
    await expect(row).toContainText('Empresa Demo');
    await expect(row).toContainText('Perguntas');

    // Bruno, without reloading: the survey's modal appears; 'Enviar' waits for an answer.
    const modal = bruno.getByRole('dialog', { name: TITLE });
    await expect(modal).toBeVisible();
    await expect(modal.getByText('Sua opinião importa.')).toBeVisible();
    const send = modal.getByRole('button', { name: 'Enviar' });
    await expect(send).toBeDisabled();
    await modal.getByRole('radio', { name: 'Outros' }).check();
    await expect(send).toBeDisabled();
    await modal.getByRole('textbox', { name: `Outros: ${QUESTION}` }).fill('Poderia ter modo escuro');
    await shot(bruno, 'surveys-answer');
    await send.click();
    await expect(bruno.getByText('Pesquisa respondida, obrigado!')).toBeVisible();
    await expect(modal).toHaveCount(0);

    // The admin's view counts Bruno's answer and shows his text.
    await row.getByRole('button', { name: `Ver ${TITLE}` }).click();
    const view = admin.getByRole('dialog', { name: 'Pesquisa' });
    await expect(view.getByTestId('survey-answers-count')).toHaveText('1 resposta');
    await expect(view.getByText('“Poderia ter modo escuro”')).toBeVisible();
    await shot(admin, 'surveys-view');
    await admin.keyboard.press('Escape');
    await expect(view).toHaveCount(0);
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');

    // Deleting asks first, then says so with the spec text.
    await row.getByRole('button', { name: `Excluir ${TITLE}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Excluir pesquisa' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(admin.getByText('Pesquisa excluída com sucesso')).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: TITLE })).toHaveCount(0);
  } finally {
    await deleteByTitle(admin);
    await admin.context().close();
    await bruno.context().close();
  }
});
