import { expect, test } from '@playwright/test';
import { DEMO, fillCredentials, login, mainMenu } from '../support/demo';

test.describe('login e menu por função', () => {
  test('operadora entra, vê só o menu dela e não abre a tela de segurança', async ({ page }) => {
    await login(page, DEMO.ana);

    await expect(mainMenu(page)).toHaveText([
      'Atendimentos',
      'Contatos',
      'Perguntas e respostas',
      'Comunicação interna',
      'Oportunidades',
      'Treinamento',
      'Minha conta',
    ]);
    await expect(page.getByRole('link', { name: 'Usuários' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Segurança' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText('Empresa Demo');
    await expect(page.getByRole('banner')).toContainText('Ana');
    await expect(page.getByRole('banner')).toContainText('Operador');

    // Ana belongs to Comercial and Suporte only.
    await expect(page.getByRole('tab')).toHaveText(['Todos', 'Comercial', 'Suporte']);
    await expect(page.getByText('Conectado', { exact: true })).toBeVisible();

    await page.goto('/settings/security');
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByText('Você não tem permissão para esta ação.')).toBeVisible();

    await page.goto('/users');
    await expect(page).toHaveURL(/\/chat$/);

    // Spec 2 §2: the settings screen sends operators to the chat; so does the monitoring dashboard.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/chat$/);
    await page.goto('/distribution');
    await expect(page).toHaveURL(/\/chat$/);
  });

  test('administradora vê o menu completo e a lista de usuários da empresa', async ({ page }) => {
    await login(page, DEMO.admin);

    await expect(mainMenu(page)).toHaveText([
      'Atendimentos',
      'Monitoramento',
      'Histórico',
      'Contatos',
      'Perguntas e respostas',
      'Comunicação interna',
      'Oportunidades',
      'Empresas',
      'Notificações',
      'Pesquisas internas',
      'Organizações',
      'Relatórios BI',
      'Faturas',
      'Backups',
      'Usuários',
      'Setores',
      'Status',
      'Triagem',
      'Web chat',
      'NewChat',
      'WhatsApp',
      'Monitor de canais',
      'WhatsApp Enterprise',
      'Números',
      'Telegram',
      'E-mail',
      'SMS',
      'Smart',
      'Facebook e Instagram',
      'Instagram',
      'Multicanal',
      'Modelos HSM',
      'Integrações',
      'Gatilhos',
      'Fluxos de chatbot',
      'Pesquisas',
      'Mailings',
      'Campanhas',
      'Negociador',
      'Opt-in',
      'Lista de bloqueio',
      'Sugestões de bloqueio',
      'Ações em massa',
      'Painéis',
      'Relatórios',
      'Configurações',
      'Segurança',
      'Treinamento',
      'Minha conta',
    ]);
    await expect(page.getByRole('tab')).toHaveText(['Todos', 'Comercial', 'Suporte', 'Financeiro']);

    await mainMenu(page).filter({ hasText: 'Usuários' }).click();
    await expect(page).toHaveURL(/\/users$/);
    const table = page.getByRole('table');
    for (const name of ['Alice Administradora', 'Gustavo Gestor', 'Ana Operadora', 'Bruno Operador']) {
      await expect(table.getByRole('row').filter({ hasText: name })).toBeVisible();
    }
    await expect(table).toContainText('Administrador');
    await expect(table).toContainText('Gestor');
    await expect(table).toContainText('Ativo');
    await expect(table).not.toContainText(DEMO.otherAdmin);

    await page.getByLabel('Buscar usuário').fill('bruno');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(DEMO.bruno);
    await page.getByLabel('Buscar usuário').fill('ninguém com esse nome');
    await expect(page.getByText('Nenhum usuário encontrado')).toBeVisible();
  });

  test('senha errada mostra o aviso do servidor e continua no login', async ({ page }) => {
    await fillCredentials(page, DEMO.bruno, 'senha-errada-1');
    await expect(page.getByRole('alert')).toHaveText('E-mail e/ou senha inválidos');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sair volta ao login e as telas internas pedem login de novo', async ({ page }) => {
    await login(page, DEMO.manager);
    await expect(mainMenu(page)).toHaveText([
      'Atendimentos',
      'Monitoramento',
      'Histórico',
      'Contatos',
      'Perguntas e respostas',
      'Comunicação interna',
      'Oportunidades',
      'Usuários',
      'Setores',
      'Status',
      'Triagem',
      'Web chat',
      'NewChat',
      'WhatsApp',
      'Monitor de canais',
      'WhatsApp Enterprise',
      'Números',
      'Telegram',
      'E-mail',
      'SMS',
      'Smart',
      'Facebook e Instagram',
      'Instagram',
      'Multicanal',
      'Modelos HSM',
      'Integrações',
      'Gatilhos',
      'Fluxos de chatbot',
      'Pesquisas',
      'Mailings',
      'Campanhas',
      'Negociador',
      'Opt-in',
      'Lista de bloqueio',
      'Sugestões de bloqueio',
      'Ações em massa',
      'Painéis',
      'Relatórios',
      'Configurações',
      'Treinamento',
      'Minha conta',
    ]);

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();

    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('recuperação de senha exige o e-mail e confirma o envio', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible();

    await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
    await expect(page.getByText('Preencha o E-mail da conta.')).toBeVisible();

    await page.getByLabel('E-mail').fill('alguem@empresademo.com.br');
    await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
    await expect(
      page.getByText('Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Voltar para o login' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });

  test('endereço desconhecido leva aos atendimentos', async ({ page }) => {
    await login(page, DEMO.ana);
    await page.goto('/pagina-que-nao-existe');
    await expect(page).toHaveURL(/\/chat$/);
  });
});
