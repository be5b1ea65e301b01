import { MANAGER_SURVEY } from '@prosa/shared/account';
import { ROLE } from '@prosa/shared/roles';
import { eq } from 'drizzle-orm';
import { companies } from '../db/schema/companies';
import { appMeta, sectors, statuses, statusSectors } from '../db/schema/organization';
import { userSectors, users } from '../db/schema/users';
import { DEMO_WEBCHAT_CODE } from '../modules/webchat/demo-page';
import { insertWebchat } from '../modules/webchat/repository';
import { hashPassword } from '../platform/crypto';
import type { Db } from '../platform/db';
import { seedReadyAnswers } from './ready-answers';

export const DEMO_PASSWORD = 'Prosa@2026';
export const DEMO_LOGINS = [
  { role: 'Administrador', email: 'admin@empresademo.com.br' },
  { role: 'Gestor', email: 'gestor@empresademo.com.br' },
  { role: 'Operador', email: 'ana.operadora@empresademo.com.br' },
  { role: 'Operador', email: 'bruno.operador@empresademo.com.br' },
  { role: 'Administrador (Outra Empresa)', email: 'admin@outraempresa.com.br' },
] as const;

const SEED_KEY = 'demo_seeded_at';

// The demo admins already passed the first-run guide and the trial welcome, so the demo opens straight on the chat.
const DEMO_ADMIN_SEEN = { onboarding_dismissed: true, trial_welcome_seen: true };

/** Demo companies, sectors, statuses and users; runs once per database (first start only). */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several nodes.
    await tx.execute('SELECT pg_advisory_xact_lock(727002)');
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_KEY)).limit(1);
    if (done.length > 0) return false;

    const passwordHash = await hashPassword(DEMO_PASSWORD);

    const [demo] = await tx
      .insert(companies)
      .values({
        name: 'Empresa Demo',
        domain: 'empresademo.com.br',
        organization: 'Empresa Demo Ltda',
        timezone: 'America/Sao_Paulo',
        metadata: {
          triage: 'OPERATOR',
          // confirmCompletionStatus: finalizing asks first, so it is never one slip away in the status list.
          allow: {
            viewedby: true,
            knowledgebase: true,
            person: true,
            'message-copy': true,
            confirmCompletionStatus: true,
            // The internal messenger is a company feature: on for the demo, so a newcomer sees it.
            internal_messenger: true,
            // The built-in CRM (opportunities from the chat) is on for the demo too.
            allowCosmosCRM: true,
            // The auto-negotiator (issue 23) too.
            negotiator: true,
          },
          audio: { enabled: true },
        },
      })
      .returning({ id: companies.id });
    if (!demo) throw new Error('seed: company not created');

    const sectorRows = await tx
      .insert(sectors)
      .values(
        ['Comercial', 'Suporte', 'Financeiro'].map((name, position) => ({
          companyId: demo.id,
          name,
          position,
        })),
      )
      .returning({ id: sectors.id, name: sectors.name });
    const sectorId = (name: string) => sectorRows.find((s) => s.name === name)?.id ?? 0;

    const statusRows = await tx
      .insert(statuses)
      .values([
        { companyId: demo.id, name: 'Em negociação', shouldClose: 0, color: '4DABF7' },
        { companyId: demo.id, name: 'Aguardando retorno do cliente', shouldClose: 0, color: 'FCC419' },
        { companyId: demo.id, name: 'Resolvido', shouldClose: 1, color: '51CF66' },
        { companyId: demo.id, name: 'Venda realizada', shouldClose: 1, color: '20C997' },
        { companyId: demo.id, name: 'Sem retorno do cliente', shouldClose: 1, color: 'D2D2D2' },
      ])
      .returning({ id: statuses.id });
    await tx
      .insert(statusSectors)
      .values(
        statusRows.flatMap((s) =>
          sectorRows.map((sec) => ({ companyId: demo.id, statusId: s.id, sectorId: sec.id })),
        ),
      );

    const demoUsers = [
      {
        name: 'Alice Administradora',
        displayName: 'Alice',
        email: DEMO_LOGINS[0].email,
        role: 2,
        gender: 'female',
        sectors: ['Comercial', 'Suporte', 'Financeiro'],
      },
      {
        name: 'Gustavo Gestor',
        displayName: 'Gustavo',
        email: DEMO_LOGINS[1].email,
        role: 1,
        gender: 'male',
        sectors: ['Comercial', 'Suporte', 'Financeiro'],
      },
      {
        name: 'Ana Operadora',
        displayName: 'Ana',
        email: DEMO_LOGINS[2].email,
        role: 0,
        gender: 'female',
        sectors: ['Comercial', 'Suporte'],
      },
      {
        name: 'Bruno Operador',
        displayName: 'Bruno',
        email: DEMO_LOGINS[3].email,
        role: 0,
        gender: 'male',
        sectors: ['Suporte', 'Financeiro'],
      },
    ];
    for (const u of demoUsers) {
      const [row] = await tx
        .insert(users)
        .values({
          companyId: demo.id,
          name: u.name,
          displayName: u.displayName,
          email: u.email,
          role: u.role,
          gender: u.gender,
          passwordHash,
          // The demo manager already answered the manager survey, so the demo opens straight on the chat.
          settings:
            u.role === ROLE.manager
              ? {
                  manager_survey: {
                    id: MANAGER_SURVEY.id,
                    choices: ['relatorios'],
                    answered_at: new Date().toISOString(),
                  },
                }
              : // Issue 22: the demo operators may see and edit the opportunities (CRM), which operators lack by default.
                { crm: { view: true, edit: true }, ...(u.role === ROLE.admin ? DEMO_ADMIN_SEEN : {}) },
        })
        .returning({ id: users.id });
      if (!row) throw new Error('seed: user not created');
      await tx
        .insert(userSectors)
        .values(u.sectors.map((s) => ({ companyId: demo.id, userId: row.id, sectorId: sectorId(s) })));
    }

    await insertWebchat(tx, {
      companyId: demo.id,
      code: DEMO_WEBCHAT_CODE,
      name: 'Site da Empresa Demo',
      sectorId: sectorId('Comercial'),
      customData: {
        nome: 'Empresa Demo',
        text_msg: 'Olá! Conte para a gente como podemos ajudar.',
        text_button: 'Iniciar conversa',
        color: '#1C7ED6',
        widget_font_color: '#FFFFFF',
        fields: [
          { name: 'nome', label: 'Nome', type: 'text', required: true },
          { name: 'email', label: 'E-mail', type: 'text' },
          { name: 'telefone', label: 'Telefone', type: 'number', mask: '(99) 99999-9999' },
          { name: 'assunto', label: 'Assunto', type: 'select', options: ['Dúvida', 'Orçamento', 'Suporte'] },
        ],
      },
    });

    await seedReadyAnswers(tx, demo.id);

    const [other] = await tx
      .insert(companies)
      .values({ name: 'Outra Empresa', domain: 'outraempresa.com.br', organization: 'Outra Empresa S.A.' })
      .returning({ id: companies.id });
    if (!other) throw new Error('seed: company not created');
    const [otherSector] = await tx
      .insert(sectors)
      .values({ companyId: other.id, name: 'Atendimento', position: 0 })
      .returning({ id: sectors.id });
    await tx.insert(statuses).values([
      { companyId: other.id, name: 'Concluído', shouldClose: 1 },
      { companyId: other.id, name: 'Em análise', shouldClose: 0 },
    ]);
    const [otherAdmin] = await tx
      .insert(users)
      .values({
        companyId: other.id,
        name: 'Olga Admin',
        displayName: 'Olga',
        email: DEMO_LOGINS[4].email,
        role: 2,
        gender: 'female',
        passwordHash,
        settings: DEMO_ADMIN_SEEN,
      })
      .returning({ id: users.id });
    if (otherAdmin && otherSector) {
      await tx
        .insert(userSectors)
        .values({ companyId: other.id, userId: otherAdmin.id, sectorId: otherSector.id });
    }

    await tx.insert(appMeta).values({ key: SEED_KEY, value: new Date().toISOString() });
    return true;
  });
}
