import { and, eq, inArray } from 'drizzle-orm';
import { companies } from '../db/schema/companies';
import { surveyAnswers, surveys } from '../db/schema/notices';
import { users } from '../db/schema/users';
import type { Db } from '../platform/db';

export const DEMO_SURVEY_TITLE = 'Como está sendo usar o Prosa?';

const QUESTIONS = [
  {
    text: 'Como você avalia o Prosa no dia a dia?',
    options: ['Ótimo', 'Bom', 'Regular', 'Ruim'],
    others: false,
  },
  {
    text: 'O que mais ajudaria no seu trabalho?',
    options: ['Mais respostas prontas', 'Relatórios mais simples', 'Atalhos de teclado'],
    others: true,
  },
];

// Who answered what: every demo user of the company has answered, so the sample shows a filled summary on the
// admin screen and never pops up on a demo login.
const ANSWERS: Record<string, Record<string, { choice: string; others: string | null }>> = {
  'admin@empresademo.com.br': {
    '0': { choice: 'Ótimo', others: null },
    '1': { choice: 'Relatórios mais simples', others: null },
  },
  'gestor@empresademo.com.br': {
    '0': { choice: 'Bom', others: null },
    '1': { choice: 'Mais respostas prontas', others: null },
  },
  'ana.operadora@empresademo.com.br': {
    '0': { choice: 'Ótimo', others: null },
    '1': { choice: 'Atalhos de teclado', others: null },
  },
  'bruno.operador@empresademo.com.br': {
    '0': { choice: 'Bom', others: null },
    '1': { choice: 'others', others: 'Modo escuro para o turno da noite' },
  },
};

/**
 * The demo's internal survey (issue 20): one survey with two questions published by the demo admin to Empresa
 * Demo a week ago, already answered by every demo user of the company (a survey they had not answered would pop
 * up on every demo login). Does nothing when it exists; answers whether it seeded.
 */
export async function seedSurveySamples(db: Db): Promise<boolean> {
  const [demo] = await db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
  if (!demo) return false;
  const [already] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(eq(surveys.title, DEMO_SURVEY_TITLE))
    .limit(1);
  if (already) return false;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, demo.id), inArray(users.email, Object.keys(ANSWERS))));
  const admin = people.find((u) => u.email === 'admin@empresademo.com.br');
  if (!admin) return false;
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);

  return db.transaction(async (tx) => {
    const [survey] = await tx
      .insert(surveys)
      .values({
        type: 'questions',
        title: DEMO_SURVEY_TITLE,
        description: 'Leva menos de um minuto.',
        info: '<p>Queremos saber como o <b>Prosa</b> tem ajudado o seu atendimento.</p>',
        questions: QUESTIONS,
        companyIds: [demo.id],
        createdBy: admin.id,
        createdAt: weekAgo,
      })
      .returning({ id: surveys.id });
    if (!survey) return false;
    const rows = people.flatMap((u) => {
      const answers = ANSWERS[u.email];
      return answers
        ? [{ surveyId: survey.id, userId: u.id, companyId: demo.id, answers, createdAt: weekAgo }]
        : [];
    });
    if (rows.length > 0) await tx.insert(surveyAnswers).values(rows).onConflictDoNothing();
    return true;
  });
}
