import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { sql } from '../support/database';
import { DEMO, login, mainMenu } from '../support/demo';
import { pngFile } from '../support/files';

// A new company's admin: the trial welcome once, the first-run guide by itself, a sector created in the screen it
// sends to turning its step done, "Dispensar" remembered; the training keeps a lesson marked after a reload.

const SUFFIX = Date.now().toString(36);
const ADMIN_EMAIL = `nina-${SUFFIX}@lojanova.com.br`;
let companyId = 0;

test.beforeAll(async ({ baseURL }) => {
  const demo = await apiAs(baseURL ?? '', DEMO.admin);
  const created = await demo.post('/api/companies', {
    data: {
      name: `Loja Nova ${SUFFIX}`,
      domain: `lojanova-${SUFFIX}.com.br`,
      organization: 'Loja Nova Ltda',
      plan_id: 1,
    },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  companyId = id;
  // No screen creates the first admin of a company: the same password as the demo's.
  await sql(
    `insert into users (company_id, name, display_name, email, password_hash, role)
     select $1, 'Nina Admin', 'Nina', $2, password_hash, 2 from users where email = $3`,
    [id, ADMIN_EMAIL, DEMO.admin],
  );
  await demo.dispose();
});

test('o guia de primeiros passos de uma empresa nova acompanha o que a administradora cria', async ({
  page,
}) => {
  await login(page, ADMIN_EMAIL);

  // A company without a contract is in trial: the welcome first, once.
  const welcome = page.getByRole('dialog', { name: 'Bem-vindo ao período de teste' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByTestId('trial-days-left')).toHaveText(
    'Faltam 14 dias para o fim do seu período de teste.',
  );
  await welcome.getByRole('button', { name: 'Começar' }).click();
  await expect(welcome).toBeHidden();

  // Then the guide opens by itself, nothing done yet.
  const guide = page.getByRole('dialog', { name: 'Guia de primeiros passos' });
  await expect(guide).toBeVisible();
  await expect(guide.getByTestId('onboarding-progress')).toHaveText('0 de 4 etapas concluídas');
  const sectorStep = guide.getByRole('listitem', { name: 'Criar um setor' });
  await expect(sectorStep).toContainText('Pendente');
  await sectorStep.getByRole('button', { name: 'Ir para Setores' }).click();
  await expect(page).toHaveURL(/\/sectors$/);
  await expect(guide).toBeHidden();

  await page.getByRole('button', { name: 'Novo setor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo setor' });
  await dialog.getByLabel('Nome').fill('Atendimento');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Setor criado com sucesso!')).toBeVisible();

  // Reopened from the header: the step is done, from the company's data.
  await page.getByRole('button', { name: 'Guia de primeiros passos' }).click();
  await expect(guide.getByTestId('onboarding-progress')).toHaveText('1 de 4 etapas concluídas');
  await expect(guide.getByRole('listitem', { name: 'Criar um setor' })).toContainText('Concluída');
  await expect(guide.getByRole('listitem', { name: 'Criar um usuário' })).toContainText('Pendente');

  await guide.getByRole('button', { name: 'Dispensar' }).click();
  await expect(page.getByText('Guia de primeiros passos dispensado.')).toBeVisible();
  await expect(guide).toBeHidden();

  // After a reload neither the welcome nor the guide opens by itself.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Setores' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guia de primeiros passos' })).toBeVisible();
  await expect(welcome).toHaveCount(0);
  await expect(guide).toHaveCount(0);

  // Training: a lesson marked as done stays done after a reload.
  await mainMenu(page).filter({ hasText: 'Treinamento' }).click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByTestId('training-progress')).toHaveText('0 de 8 lições concluídas');
  await page.getByRole('button', { name: /Atendimento: a tela de Atendimentos/ }).click();
  // The lesson opens with an animation: its button is clicked once the lesson is shown whole.
  const lesson = page.getByRole('region', { name: /Atendimento: a tela de Atendimentos/ });
  await expect(lesson).toBeVisible();
  await expect(lesson.getByRole('button', { name: 'Marcar como concluída' })).toBeInViewport({ ratio: 1 });
  await lesson.getByRole('button', { name: 'Marcar como concluída' }).click();
  await expect(page.getByText('Progresso do treinamento salvo.')).toBeVisible();
  await expect(page.getByTestId('training-progress')).toHaveText('1 de 8 lições concluídas');
  await page.reload();
  await expect(page.getByTestId('training-progress')).toHaveText('1 de 8 lições concluídas');
  await expect(page.getByRole('button', { name: /Atendimento: a tela de Atendimentos/ })).toContainText(
    'Concluída',
  );
});

test('o fim do período de teste é editado nos dados da empresa', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto(`/companies/${companyId}`);
  const trial = page.getByTestId('company-trial');
  const input = trial.getByRole('textbox', { name: 'Fim do período de teste' });
  await input.fill('31/12/2030');
  await input.press('Tab');
  await trial.getByRole('button', { name: 'Salvar período de teste' }).click();
  await expect(page.getByText('Período de teste salvo com sucesso!')).toBeVisible();
  await page.reload();
  await expect(
    page.getByTestId('company-trial').getByRole('textbox', { name: 'Fim do período de teste' }),
  ).toHaveValue('31/12/2030');
  const saved = await page.request.get(`/api/companies/${companyId}/trial`);
  expect(await saved.json()).toEqual({ trial_until: '2030-12-31' });
});

test('o visualizador de mídia recusa endereços de fora e mostra o vazio', async ({ page }) => {
  await login(page, DEMO.ana);
  await page.goto(`/media?src=${encodeURIComponent('https://example.com/x.png')}&type=image`);
  await expect(page.getByTestId('media-viewer-empty')).toContainText('Nenhuma mídia para exibir.');
  await expect(page.getByTestId('media-viewer-empty')).toContainText(
    'Só é possível abrir anexos das conversas guardados no Prosa.',
  );
  await page.goto('/media');
  await expect(page.getByTestId('media-viewer-empty')).toContainText('Nenhuma mídia para exibir.');
});

/** A visitor on the demo site opens the widget and writes: an open web chat attendance. */
async function visitorStarts(browser: Browser, name: string, text: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/demo/webchat');
  await page.getByRole('button', { name: /conversa/ }).click();
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Iniciar conversa' }).click();
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('log', { name: 'Conversa' }).getByText(text)).toBeVisible();
  return page;
}

test('um anexo da conversa abre no visualizador de mídia, com zoom', async ({ browser, page }) => {
  const name = `Visitante Mídia ${SUFFIX}`;
  const visitor = await visitorStarts(browser, name, 'Vou mandar a foto do produto');
  await login(page, DEMO.ana);
  await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  const chat = page.getByTestId('chat-modal');
  await expect(chat.getByRole('heading', { name })).toBeVisible();

  await visitor.locator('prosa-webchat input[type="file"]').setInputFiles({
    name: 'produto.png',
    mimeType: 'image/png',
    buffer: pngFile(),
  });
  await expect(chat.getByRole('img', { name: 'produto.png' })).toBeVisible();
  await chat.getByRole('link', { name: 'Abrir no visualizador produto.png' }).click();

  await expect(page).toHaveURL(/\/media\?/);
  await expect(page.getByRole('heading', { name: 'produto.png' })).toBeVisible();
  const image = page.getByRole('img', { name: 'produto.png' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await expect(page.getByTestId('media-zoom')).toHaveText('100%');
  await page.getByRole('button', { name: 'Aumentar zoom' }).click();
  await expect(page.getByTestId('media-zoom')).toHaveText('150%');
  await visitor.context().close();
});

test('o microfone bloqueado abre a tela de permissão, e "Tentar novamente" pede de novo', async ({
  page,
  request,
}) => {
  // The browser's answer to the microphone request, decided by the test: refused until the user "allows" it.
  await page.addInitScript(() => {
    const w = window as unknown as { micAllowed: boolean };
    w.micAllowed = false;
    navigator.mediaDevices.getUserMedia = async () => {
      if (!w.micAllowed) throw new DOMException('Permission denied', 'NotAllowedError');
      return new AudioContext().createMediaStreamDestination().stream;
    };
  });
  const name = `Visitante Microfone ${SUFFIX}`;
  const started = await request.post('/api/webchat/demo-empresa/visitors', {
    data: { form: { nome: name } },
  });
  const { token } = (await started.json()) as { token: string };
  await request.post('/api/webchat/visitor/messages', {
    headers: { 'x-visitor-token': token },
    data: { text: 'Pode me mandar um áudio?', client_id: `mic-${SUFFIX}` },
  });
  await login(page, DEMO.ana);
  await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  const chat = page.getByTestId('chat-modal');
  await expect(chat.getByText('Pode me mandar um áudio?')).toBeVisible();

  await chat.getByRole('button', { name: 'Gravar áudio' }).click();
  const screen = page.getByRole('dialog', { name: 'Permissão de microfone' });
  await expect(screen).toBeVisible();
  await expect(screen).toContainText('O acesso está bloqueado para este site.');
  // Chromium: the Chrome steps first; the other browsers' steps a tab away.
  await expect(screen.getByRole('tab', { name: 'Chrome' })).toHaveAttribute('aria-selected', 'true');
  await screen.getByRole('tab', { name: 'Firefox' }).click();
  await expect(screen).toContainText('Usar o microfone');

  await screen.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(screen.getByTestId('microphone-result')).toHaveText(
    'O navegador ainda bloqueia o microfone deste site. Siga os passos acima e tente novamente.',
  );
  await page.evaluate(() => {
    (window as unknown as { micAllowed: boolean }).micAllowed = true;
  });
  await screen.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(screen.getByTestId('microphone-result')).toHaveText(
    'Microfone liberado! Feche esta janela e clique em "Gravar áudio".',
  );
  await screen.getByRole('button', { name: 'Fechar' }).click();
  await expect(screen).toBeHidden();
});
