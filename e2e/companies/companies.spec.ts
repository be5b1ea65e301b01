import { expect, type Page, test } from '@playwright/test';
import { DEMO, login, mainMenu } from '../support/demo';

const SUFFIX = Date.now().toString(36);
const TABS = [
  'Dados',
  'Endereços',
  'Responsáveis',
  'Usuários',
  'Perfis',
  'Setores',
  'Status',
  'Assinaturas',
  'IPs permitidos',
  'Identidade visual',
  'Fuso horário',
  'Metadados',
  'Contrato',
];

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function companyIdByName(page: Page, name: string): Promise<number> {
  const res = await page.request.get(`/api/companies?search=${encodeURIComponent(name)}`);
  const body = (await res.json()) as { items: { id: number; name: string }[] };
  const found = body.items.find((c) => c.name === name);
  if (!found) throw new Error(`empresa ${name} não encontrada`);
  return found.id;
}

/** 'YYYY-MM' of today on the company's clock (Empresa Demo: America/Sao_Paulo), shifted by `delta` months. */
function monthOf(delta: number): { year: number; month: number; days: number } {
  const [y, m] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  const d = new Date(Date.UTC(y ?? 2026, (m ?? 1) - 1 + delta, 1));
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  return { year, month, days: new Date(Date.UTC(year, month, 0)).getUTCDate() };
}

const brl = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\s/g, ' ');

test('o administrador cria uma empresa no modal, a encontra na lista e abre as abas', async ({ page }) => {
  const name = `Padaria Central ${SUFFIX}`;
  await login(page, DEMO.admin);
  await mainMenu(page).filter({ hasText: 'Empresas' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  const table = page.getByRole('table', { name: 'Empresas' });
  await expect(table.getByRole('cell', { name: 'Empresa Demo', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Nova empresa' }).click();
  const modal = page.getByRole('dialog', { name: 'Nova empresa' });
  await modal.getByRole('button', { name: 'Criar empresa' }).click();
  for (const text of [
    'Nome é obrigatório',
    'Domínio é obrigatório',
    'Organização é obrigatório',
    'Plano é obrigatório',
  ]) {
    await expect(modal.getByText(text, { exact: true })).toBeVisible();
  }
  await modal.getByRole('textbox', { name: 'Nome' }).fill(name);
  await modal.getByRole('textbox', { name: 'Domínio' }).fill(`central-${SUFFIX}.com.br`);
  await modal.getByRole('textbox', { name: 'Organização' }).fill('Padaria Central Ltda');
  await pick(page, modal, 'Plano', 'Profissional');
  await modal.getByRole('button', { name: 'Criar empresa' }).click();
  await expect(page.getByText('Empresa criada com sucesso!')).toBeVisible();
  await expect(modal).toBeHidden();

  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Profissional');
  await expect(row).toContainText('Ativa');

  await page.getByRole('textbox', { name: 'Buscar empresas' }).fill(`central ${SUFFIX}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Buscar empresas' }).fill('nenhuma-empresa-assim');
  await expect(page.getByText('Nenhuma empresa encontrada.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Buscar empresas' }).fill(SUFFIX);

  await row.getByRole('cell', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Abas da empresa' });
  for (const tab of TABS) await expect(tabs.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Dados', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'Organização' })).toHaveValue('Padaria Central Ltda');

  // A responsible with the (99) 99999-9999 mask; the tab stays in the URL.
  await tabs.getByRole('tab', { name: 'Responsáveis' }).click();
  await expect(page).toHaveURL(/\?redirect=responsibles$/);
  await page.getByRole('button', { name: 'Adicionar responsável' }).click();
  const person = page.getByRole('group', { name: 'Responsável 1' });
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(person.getByText('Nome do responsável é obrigatório')).toBeVisible();
  await person.getByRole('textbox', { name: 'Nome' }).fill('Marta Lima');
  await person.getByRole('textbox', { name: 'Celular' }).pressSequentially('11987654321');
  await expect(person.getByRole('textbox', { name: 'Celular' })).toHaveValue('(11) 98765-4321');
  await person.getByRole('textbox', { name: 'Telefone' }).pressSequentially('1133');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(person.getByText('Informe um telefone válido: (99) 99999-9999.')).toBeVisible();
  // Typing in the middle keeps the caret after the digit just typed.
  await person.getByRole('textbox', { name: 'Telefone' }).press('End');
  await person.getByRole('textbox', { name: 'Telefone' }).pressSequentially('334444');
  await expect(person.getByRole('textbox', { name: 'Telefone' })).toHaveValue('(11) 3333-4444');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Empresa atualizada com sucesso!')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Responsável 1' }).getByRole('textbox', { name: 'Celular' }),
  ).toHaveValue('(11) 98765-4321');
});

test('?redirect=contract abre o contrato; salvar as faixas mostra o cálculo por usuário', async ({
  page,
}) => {
  await login(page, DEMO.admin);
  const demoId = await companyIdByName(page, 'Empresa Demo');
  await page.goto(`/companies/${demoId}?redirect=contract`);
  await expect(page.getByRole('tab', { name: 'Contrato' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Contrato' });

  // The contract starts on the 16th of next month; next month's cost bills each user from that day.
  const next = monthOf(1);
  const mm = String(next.month).padStart(2, '0');
  await form.getByRole('button', { name: 'Salvar contrato' }).click();
  await expect(form.getByText('Informe uma data de início válida (DD/MM/AAAA).')).toBeVisible();
  await form.getByRole('textbox', { name: 'Data de início' }).fill(`16/${mm}/${next.year}`);
  await form.getByRole('textbox', { name: 'Data de início' }).press('Tab');

  await form.getByRole('button', { name: 'Adicionar faixa' }).click();
  await form.getByRole('textbox', { name: 'Até, faixa 1' }).fill('2');
  await form.getByRole('textbox', { name: 'Valor, faixa 1' }).fill('50');
  await form.getByRole('button', { name: 'Adicionar faixa' }).click();
  await expect(form.getByRole('textbox', { name: 'De, faixa 2' })).toHaveValue('3');
  await form.getByRole('textbox', { name: 'Valor, faixa 2' }).fill('40');
  await form.getByRole('textbox', { name: 'De, faixa 2' }).fill('2');
  await form.getByRole('button', { name: 'Salvar contrato' }).click();
  await expect(form.getByText('As faixas de usuários não podem se sobrepor.')).toBeVisible();
  await form.getByRole('textbox', { name: 'De, faixa 2' }).fill('3');
  await form.getByRole('textbox', { name: 'Valor, faixa 2' }).click();
  await form.getByRole('button', { name: 'Salvar contrato' }).click();
  await expect(page.getByText('Contrato salvo com sucesso!')).toBeVisible();

  const cost = page.getByRole('region', { name: 'Custo de uso' });
  await cost.getByRole('button', { name: 'Ver próximo mês' }).click();
  const used = next.days - 15;
  await expect(cost.getByText(`÷ ${next.days} dias do mês`)).toBeVisible();
  const rows = cost.getByRole('table', { name: 'Custo por usuário' }).locator('tbody tr');
  await expect(rows.first()).toContainText(`${used}/${next.days}`);
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(4);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const position = i + 1;
    const value = position <= 2 ? 50 : 40;
    const amount = Math.round((value * 100 * used) / next.days) / 100;
    total += Math.round(amount * 100);
    const cells = rows.nth(i).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(String(position));
    await expect(cells.nth(2)).toHaveText(position <= 2 ? '1 a 2' : '3 a 12');
    await expect(cells.nth(3)).toHaveText(brl(value));
    await expect(cells.nth(4)).toHaveText(`16/${mm} a ${String(next.days)}/${mm}`);
    await expect(cells.nth(5)).toHaveText(`${used}/${next.days}`);
    await expect(cells.nth(6)).toHaveText(brl(amount));
  }
  await expect(rows.filter({ hasText: 'Alice Administradora' }).getByRole('cell').first()).toHaveText('1');
  await expect(cost.getByTestId('contract-total')).toHaveText(brl(total / 100));

  // This month is before the contract: nothing is billed.
  await cost.getByRole('button', { name: 'Ver mês anterior' }).click();
  await expect(cost.getByTestId('contract-total')).toHaveText(brl(0));
});

test('inativar uma empresa sem data mostra o texto da especificação', async ({ page }) => {
  const name = `Mercado Norte ${SUFFIX}`;
  await login(page, DEMO.admin);
  const created = await page.request.post('/api/companies', {
    data: { name, domain: `norte-${SUFFIX}.com.br`, organization: 'Mercado Norte S.A.', plan_id: 1 },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/companies');
  await page.getByRole('textbox', { name: 'Buscar empresas' }).fill(name);
  const row = page.getByRole('table', { name: 'Empresas' }).getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Status de ${name}` }).click();

  const modal = page.getByRole('dialog', { name: `Status da empresa — ${name}` });
  await modal.getByRole('radio', { name: 'Inativa', exact: true }).check();
  await modal.getByRole('button', { name: 'Inativar' }).click();
  await expect(modal.getByText('Favor informar uma data de inativação.')).toBeVisible();
  await modal.getByRole('textbox', { name: 'Data de inativação' }).fill('15/03/2026');
  await modal.getByRole('textbox', { name: 'Data de inativação' }).press('Tab');
  await modal.getByRole('button', { name: 'Inativar' }).click();
  await expect(page.getByText('Status da empresa alterado com sucesso!')).toBeVisible();
  await expect(row).toContainText('Inativa desde 15/03/2026');

  await row.getByRole('button', { name: `Status de ${name}` }).click();
  await modal.getByRole('radio', { name: 'Ativa', exact: true }).check();
  await modal.getByRole('button', { name: 'Ativar' }).click();
  await expect(row).toContainText('Ativa');
  await expect(row).not.toContainText('Inativa');
});
