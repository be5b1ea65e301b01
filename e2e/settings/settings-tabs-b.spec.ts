import { expect, test } from '@playwright/test';
import { apiAs } from '../support/attendances';
import { keepDemoCompanySettings, saveSettingsCard as save } from '../support/company-settings';
import { DEMO, login } from '../support/demo';
import { pdfFile } from '../support/files';
import { visitorStarts } from '../support/webchat';

// Settings tabs WhatsApp, Controle de mídia, Canais and Mudança automática (issue 24): a manager changes each
// and finds it kept after reloading; a kind turned off in media control is refused in the operator's chat.

test.use({ viewport: { width: 1440, height: 900 } });

keepDemoCompanySettings();

test('o gestor muda uma configuração em cada aba e a encontra igual depois de recarregar', async ({
  page,
}) => {
  test.slow();
  await login(page, DEMO.manager);

  // WhatsApp: active from the panel on and a daily limit.
  await page.goto('/settings?tab=whatsapp');
  let tab = page.getByRole('region', { name: 'WhatsApp' });
  const active = tab.getByRole('switch', { name: 'Permitir WhatsApp ativo pelo painel' });
  const wasActive = await active.isChecked();
  await active.click();
  await tab.getByLabel('Limite diário de ativos').fill('37');
  await save(page, 'WhatsApp');
  await page.reload();
  tab = page.getByRole('region', { name: 'WhatsApp' });
  await expect(tab.getByLabel('Limite diário de ativos')).toHaveValue('37 por dia');
  if (wasActive) await expect(active).not.toBeChecked();
  else await expect(active).toBeChecked();

  // Controle de mídia: videos off, images up to 3 MB.
  await page.goto('/settings?tab=media-control');
  tab = page.getByRole('region', { name: 'Controle de mídia' });
  await tab.getByRole('switch', { name: 'Permitir enviar vídeo' }).click();
  await expect(tab.getByLabel('Tamanho máximo de vídeo')).toHaveCount(0);
  await tab.getByLabel('Tamanho máximo de imagem').fill('3');
  await save(page, 'Controle de mídia');
  await page.reload();
  tab = page.getByRole('region', { name: 'Controle de mídia' });
  await expect(tab.getByRole('switch', { name: 'Permitir enviar vídeo' })).not.toBeChecked();
  await expect(tab.getByLabel('Tamanho máximo de imagem')).toHaveValue('3 MB');
  await page.screenshot({ path: 'docs/screenshots/settings-media-control.png' });

  // Canais: Telegram off; the tab says existing channels keep working.
  await page.goto('/settings?tab=channels');
  tab = page.getByRole('region', { name: 'Canais' });
  await expect(tab.getByText('Desligar um tipo não apaga nem para os canais que já existem')).toBeVisible();
  const telegramMenu = page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Telegram', exact: true });
  await expect(telegramMenu).toHaveCount(1);
  await tab.getByRole('switch', { name: 'Telegram' }).click();
  await save(page, 'Canais');
  // The kind's admin screen leaves the menu.
  await expect(telegramMenu).toHaveCount(0);
  await page.reload();
  tab = page.getByRole('region', { name: 'Canais' });
  await expect(tab.getByRole('switch', { name: 'Telegram' })).not.toBeChecked();
  await expect(tab.getByRole('switch', { name: 'Instagram' })).toBeChecked();
  await page.screenshot({ path: 'docs/screenshots/settings-channels.png' });

  // Mudança automática: after 120 minutes, finalized with "Sem retorno do cliente".
  await page.goto('/settings?tab=auto-change');
  tab = page.getByRole('region', { name: 'Mudança automática' });
  await tab.getByLabel('Minutos sem resposta do cliente').fill('120');
  await tab.getByRole('combobox', { name: 'Status aplicado' }).click();
  await page.getByRole('option', { name: 'Sem retorno do cliente (finaliza)' }).click();
  await expect(tab.getByTestId('auto-change-summary')).toHaveText(
    'Atendimentos sem resposta do cliente há 120 min desde a última mensagem do operador são finalizados com o status “Sem retorno do cliente”.',
  );
  await save(page, 'Mudança automática');
  await page.reload();
  tab = page.getByRole('region', { name: 'Mudança automática' });
  await expect(tab.getByLabel('Minutos sem resposta do cliente')).toHaveValue('120 min');
  await expect(tab.getByRole('combobox', { name: 'Status aplicado' })).toHaveValue(
    'Sem retorno do cliente (finaliza)',
  );
  await page.screenshot({ path: 'docs/screenshots/settings-auto-change.png' });
});

test('com documentos desligados no controle de mídia, a operadora vê o PDF recusado com o texto da especificação', async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow();
  const manager = await apiAs(baseURL ?? '', DEMO.manager);
  const meta = (await (await manager.get('/api/company/metadata')).json()) as Record<string, unknown>;
  const saved = await manager.put('/api/company/metadata', {
    data: { ...meta, media_control: { document: { enabled: false } } },
  });
  expect(saved.ok()).toBe(true);
  await manager.dispose();

  const name = `Visitante Mídia ${Date.now().toString(36)}`;
  await visitorStarts(browser, name, 'Me manda o contrato?');
  await login(page, DEMO.ana);
  await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  const chat = page.getByTestId('chat-modal');
  await chat.getByTestId('attach-input').setInputFiles({
    name: 'contrato.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Contrato'),
  });
  await expect(
    page.getByText('Mídia não suportada. Extensões permitidas: BMP, GIF, JPG, PNG, MP4, MP3').first(),
  ).toBeVisible();
});
