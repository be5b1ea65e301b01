import { expect, type Page, test } from '@playwright/test';
import { DEMO, login } from '../support/demo';

// Chromium's fake microphone (a beep) and automatic permission: only this file records audio.
test.use({
  viewport: { width: 1440, height: 900 },
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
  permissions: ['microphone'],
});

const chatModal = (page: Page) => page.getByTestId('chat-modal');
const messages = (page: Page) => chatModal(page).getByRole('log', { name: 'Mensagens' });

test('a operadora grava um áudio de 1 s e ele aparece como áudio na conversa', async ({ page, request }) => {
  const name = `Visitante Voz ${Date.now()}`;
  const started = await request.post('/api/webchat/demo-empresa/visitors', {
    data: { form: { nome: name } },
  });
  const { token } = (await started.json()) as { token: string };
  await request.post('/api/webchat/visitor/messages', {
    headers: { 'x-visitor-token': token },
    data: { text: 'Pode me explicar por áudio?', client_id: `voz-${Date.now()}` },
  });

  await login(page, DEMO.ana);
  await page.getByRole('button', { name: `Abrir conversa com ${name}` }).click();
  await expect(messages(page).getByText('Pode me explicar por áudio?')).toBeVisible();

  await chatModal(page).getByRole('button', { name: 'Gravar áudio' }).click();
  const timer = chatModal(page).getByTestId('voice-timer');
  await expect(timer).toHaveText('00:01', { timeout: 5000 });
  await chatModal(page).getByRole('button', { name: 'Enviar áudio' }).click();

  const bubble = messages(page)
    .getByTestId('message')
    .filter({ has: page.locator('audio') });
  await expect(bubble).toBeVisible({ timeout: 15_000 });
  await expect(bubble).toContainText('Segue arquivo(s) em anexo.');
  const src = (await bubble.locator('audio').getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/api\/files\/att\/.+\.mp3\?exp=/);

  // The file is an MP3: MPEG-1 layer III, 128 kbps, mono.
  const mp3 = await page.request.get(src);
  expect(mp3.headers()['content-type']).toBe('audio/mpeg');
  const bytes = await mp3.body();
  expect(bytes[0]).toBe(0xff);
  expect((bytes[1] ?? 0) & 0xe0).toBe(0xe0);
  expect((bytes[2] ?? 0) >> 4).toBe(9);
  expect((bytes[3] ?? 0) >> 6).toBe(3);
  // The audio element can play it: it knows its duration (about one second).
  await expect
    .poll(() => bubble.locator('audio').evaluate((a: HTMLAudioElement) => a.duration), { timeout: 10_000 })
    .toBeGreaterThan(0.5);
  await page.screenshot({ path: 'docs/screenshots/chat-voice.png' });
});
