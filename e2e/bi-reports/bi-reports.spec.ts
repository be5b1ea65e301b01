import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { startPowerBiPeer } from '../../apps/server/test/peers/powerbi-peer';
import { sql } from '../support/database';
import { DEMO, fillCredentials, login, mainMenu, readMailedCode } from '../support/demo';

/**
 * The other company's admin logs in: the MFA spec (earlier in a full run) left that company asking for a code and
 * this admin with an authenticator app; here the app is turned off and the code comes by e-mail.
 */
async function loginOtherAdmin(page: Page) {
  await sql('update users set totp_enabled = false where email = $1', [DEMO.otherAdmin]);
  const since = Date.now();
  await fillCredentials(page, DEMO.otherAdmin);
  const mfa = page.getByRole('heading', { name: 'Verificação em duas etapas' });
  await expect(page.getByRole('heading', { name: 'Atendimentos' }).or(mfa)).toBeVisible();
  if (await mfa.isVisible())
    await page
      .getByLabel('Código de verificação')
      .first()
      .fill(await readMailedCode(DEMO.otherAdmin, since));
  await expect(page).toHaveURL(/\/chat$/);
}

// Embedded BI (issue 21): the admin registers a Metabase dashboard for the demo company and opens it — the frame
// loads the configured Metabase's signed embed URL (playwright.config.ts METABASE_*; the address need not answer);
// another company's admin is sent to the chat. The manager then makes it the company's complete report and opens
// it from the reports page. A Power BI report opens through the local Power BI peer (playwright.config.ts
// POWERBI_*): Microsoft's report page is a stub that shows the embed token the client hands it.

const SITE = 'https://metabase.e2e.invalid';
const SECRET = 'e2e-metabase-embedding-secret-key';
// Same port and credentials as playwright.config.ts POWERBI_*.
const POWERBI_PORT = Number(process.env.E2E_PORT ?? 3100) + 19_000;
const POWERBI = {
  tenantId: 'e2e-tenant',
  clientId: 'e2e-client',
  clientSecret: 'e2e-client-secret',
  workspaceId: 'e2e-workspace',
};
/** Stands in for app.powerbi.com/reportEmbed: shows the token powerbi-client posts with its load message. */
const POWERBI_STUB = `<!doctype html><html><body><p id="token"></p><script>
addEventListener('message', (e) => {
  const token = e.data && e.data.body && e.data.body.accessToken;
  if (token) document.getElementById('token').textContent = token;
});
</script></body></html>`;
const NAME = `Painel de atendimento ${Date.now().toString(36)}`;

/** The JWT of a Metabase embed URL, its payload and whether the installation's key signed it. */
function metabaseJwt(src: string) {
  const jwt = src.slice(`${SITE}/embed/dashboard/`.length).split('#')[0] ?? '';
  const [head = '', payload = '', signature = ''] = jwt.split('.');
  return {
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
    signed: createHmac('sha256', SECRET).update(`${head}.${payload}`).digest('base64url') === signature,
  };
}

async function expectDashboard(page: Page, dashboard: number) {
  const frame = page.getByTestId('bi-embed');
  await expect(frame).toHaveAttribute(
    'src',
    new RegExp(
      `^${SITE.replace(/\./g, '\\.')}/embed/dashboard/[\\w-]+\\.[\\w-]+\\.[\\w-]+#bordered=false&titled=true$`,
    ),
  );
  const jwt = metabaseJwt((await frame.getAttribute('src')) ?? '');
  expect(jwt.signed).toBe(true);
  expect(jwt.payload.resource).toEqual({ dashboard });
  expect(Number(jwt.payload.exp) * 1000).toBeGreaterThan(Date.now() + 25 * 60_000);
}

let reportId = '';

test.describe
  .serial('relatórios BI', () => {
    test('o administrador cadastra um painel do Metabase e o abre; outra empresa vai para o chat', async ({
      browser,
    }) => {
      const admin = await (await browser.newContext()).newPage();
      await login(admin, DEMO.admin);
      await mainMenu(admin).filter({ hasText: 'Relatórios BI' }).click();
      await expect(admin.getByRole('heading', { name: 'Relatórios BI' })).toBeVisible();
      await admin.getByRole('link', { name: 'Novo relatório' }).first().click();
      await expect(admin).toHaveURL(/\/report-bi\/new$/);
      await admin.getByRole('button', { name: 'Salvar' }).click();
      await expect(admin.getByText('Campo Nome é obrigatório!')).toBeVisible();
      await expect(admin.getByText('Campo Report-ID é obrigatório!')).toBeVisible();

      await admin.getByRole('textbox', { name: 'Nome' }).fill(NAME);
      await admin.getByRole('textbox', { name: 'Report-ID' }).fill('7');
      await admin.getByRole('combobox', { name: 'Empresas' }).fill('Demo');
      await admin.getByRole('option', { name: 'Empresa Demo', exact: true }).click();
      // The list stays open for more companies: closed, it no longer covers the buttons.
      await admin.keyboard.press('Escape');
      await admin.getByRole('button', { name: 'Salvar' }).click();
      await expect(admin.getByText('Relatório BI criado com sucesso!')).toBeVisible();
      await expect(admin).toHaveURL(/\/report-bi$/);
      const row = admin
        .getByRole('table', { name: 'Relatórios BI' })
        .getByRole('row')
        .filter({ hasText: NAME });
      await expect(row).toContainText('Metabase');
      await expect(row).toContainText('Empresa Demo');

      await row.getByRole('button', { name: `Visualizar ${NAME}` }).click();
      await expect(admin).toHaveURL(/\/report-bi\/\d+$/);
      reportId = /\/report-bi\/(\d+)$/.exec(admin.url())?.[1] ?? '';
      await expect(admin.getByRole('heading', { name: NAME })).toBeVisible();
      await expectDashboard(admin, 7);
      await expect(admin.getByRole('button', { name: 'Tela cheia' })).toBeVisible();

      const other = await (await browser.newContext()).newPage();
      await loginOtherAdmin(other);
      await other.goto(`/report-bi/${reportId}`);
      await expect(other.getByText('Você não tem permissão de visualizar este relatório.')).toBeVisible();
      await expect(other).toHaveURL(/\/chat$/);
    });

    test('o gestor faz dele o relatório completo da empresa e o abre pela página de relatórios', async ({
      page,
    }) => {
      expect(reportId).not.toBe('');
      await login(page, DEMO.manager);
      await page.goto('/settings?tab=report-bi');
      await page.getByRole('tab', { name: 'Relatório BI', exact: true }).click();
      await page.getByRole('switch', { name: 'Permitir o relatório BI' }).check();
      await page.getByRole('textbox', { name: 'Report-ID' }).fill(reportId);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Configuração alterada com sucesso!').first()).toBeVisible();

      await page.goto('/reports');
      await page.getByRole('link', { name: 'Relatório completo (BI)' }).click();
      await expect(page).toHaveURL(new RegExp(`/report-bi/${reportId}$`));
      await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
      await expectDashboard(page, 7);
    });

    test('um relatório do Power BI abre com o token de incorporação gerado pelo serviço', async ({
      page,
    }) => {
      const peer = await startPowerBiPeer({
        port: POWERBI_PORT,
        ...POWERBI,
        embedBase: 'https://app.powerbi.com',
      });
      try {
        const report = peer.addReport({ name: 'Vendas' });
        await page.route('https://app.powerbi.com/**', (route) =>
          route.fulfill({ contentType: 'text/html', body: POWERBI_STUB }),
        );
        await login(page, DEMO.admin);
        await page.goto('/report-bi/new');
        const name = `Vendas Power BI ${Date.now().toString(36)}`;
        await page.getByRole('textbox', { name: 'Nome' }).fill(name);
        await page.getByRole('combobox', { name: 'Serviço de BI' }).click();
        await page.getByRole('option', { name: 'Power BI' }).click();
        await page.getByRole('textbox', { name: 'Report-ID' }).fill(report.id);
        await page.getByRole('combobox', { name: 'Empresas' }).fill('Demo');
        await page.getByRole('option', { name: 'Empresa Demo', exact: true }).click();
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Salvar' }).click();
        await expect(page.getByText('Relatório BI criado com sucesso!')).toBeVisible();
        await page
          .getByRole('table', { name: 'Relatórios BI' })
          .getByRole('row')
          .filter({ hasText: name })
          .getByRole('button', { name: `Visualizar ${name}` })
          .click();

        const frame = page.getByTestId('bi-embed').locator('iframe');
        await expect(frame).toHaveAttribute(
          'src',
          new RegExp(
            `^https://app\\.powerbi\\.com/reportEmbed\\?reportId=${report.id}&groupId=e2e-workspace`,
          ),
        );
        const issued = peer.embedTokens.find((t) => t.reports.includes(report.id));
        expect(issued).toBeDefined();
        await expect(page.frameLocator('[data-testid="bi-embed"] iframe').locator('#token')).toHaveText(
          issued?.token ?? '-',
        );
      } finally {
        await peer.close();
      }
    });
  });
