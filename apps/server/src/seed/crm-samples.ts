import { sql } from 'drizzle-orm';
import { boardColumns, ensureBoard } from '../modules/crm/repository';
import type { Db } from '../platform/db';

type Sample = {
  title: string;
  product: string;
  valueCents: number;
  column: string;
  owner: string;
  description: string;
  daysAgo: number;
};

// Opportunities of the demo's sample customers, one per column of the funnel, so a newcomer sees the CRM at work:
// the first is linked to its customer's latest attendance (the chat's Oportunidades shows it as linked).
const SAMPLES: Sample[] = [
  {
    title: 'Plano Empresarial — 20 usuários',
    product: 'Plano Empresarial',
    valueCents: 1_200_000,
    column: 'Em negociação',
    owner: 'ana.operadora@empresademo.com.br',
    description: 'Pediu proposta com implantação inclusa; decisão até o fim do mês.',
    daysAgo: 3,
  },
  {
    title: 'Renovação do suporte premium',
    product: 'Suporte Premium',
    valueCents: 480_000,
    column: 'Novo',
    owner: 'bruno.operador@empresademo.com.br',
    description: 'Contrato vence em 60 dias.',
    daysAgo: 1,
  },
  {
    title: 'Upgrade de canais (WhatsApp e Instagram)',
    product: 'Pacote Multicanal',
    valueCents: 250_000,
    column: 'Ganho',
    owner: 'gestor@empresademo.com.br',
    description: 'Fechado por telefone; ativação agendada.',
    daysAgo: 7,
  },
];

/**
 * The demo's opportunities (issue 22), after its sample conversations. Does nothing when the demo company already
 * has one; answers whether it seeded.
 */
export async function seedCrmSamples(db: Db): Promise<boolean> {
  const demo = await db.execute<{ id: number }>(sql`select id from companies where name = 'Empresa Demo'`);
  const companyId = demo.rows[0]?.id;
  if (companyId === undefined) return false;
  const existing = await db.execute(sql`select 1 from crm_leads where company_id = ${companyId} limit 1`);
  if (existing.rows.length > 0) return false;
  // The sample customers who talked to the company, most recent first, with their latest attendance.
  const customers = await db.execute<{
    id: number;
    name: string;
    external_id: string;
    attendance_id: number;
  }>(sql`
    select c.id, c.name, c.external_id,
      (select a.id from attendances a where a.company_id = c.company_id and a.contact_id = c.id
        order by a.created_at desc limit 1) as attendance_id
    from contacts c
    where c.company_id = ${companyId}
      and exists (select 1 from attendances a where a.company_id = c.company_id and a.contact_id = c.id)
    order by c.id limit ${SAMPLES.length}`);
  if (customers.rows.length === 0) return false;
  const owners = await db.execute<{ id: number; email: string }>(
    sql`select id, email from users where company_id = ${companyId}`,
  );
  const board = await ensureBoard(db, companyId);
  const columns = await boardColumns(db, companyId, board.id);
  await db.transaction(async (tx) => {
    for (const [i, s] of SAMPLES.entries()) {
      const customer = customers.rows[i % customers.rows.length];
      const column = columns.find((c) => c.name === s.column) ?? columns[0];
      if (!customer || !column) continue;
      const phone = /^\d{10,15}$/.test(customer.external_id) ? customer.external_id : '';
      const email = customer.external_id.includes('@') ? customer.external_id : '';
      const closed = column.outcome === 'open' ? sql`null` : sql`now() - make_interval(days => ${s.daysAgo})`;
      await tx.execute(sql`
        insert into crm_leads (company_id, board_id, column_id, title, product, value_cents, description, owner_id,
          contact_id, attendance_id, contact_name, phone, email, position, created_by, created_at, updated_at,
          closed_at)
        values (${companyId}, ${board.id}, ${column.id}, ${s.title}, ${s.product}, ${s.valueCents}, ${s.description},
          ${owners.rows.find((o) => o.email === s.owner)?.id ?? null}, ${customer.id},
          ${i === 0 ? customer.attendance_id : null}, ${customer.name}, ${phone}, ${email}, ${i},
          ${owners.rows.find((o) => o.email === s.owner)?.id ?? null}, now() - make_interval(days => ${s.daysAgo}),
          now() - make_interval(days => ${s.daysAgo}), ${closed})`);
    }
  });
  return true;
}
