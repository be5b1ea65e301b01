import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db';

type Line = { from: 'gestor' | 'ana' | 'bruno'; text: string; needAnswer?: boolean; minutesAgo: number };

// Two conversations of the demo's manager: with Ana (a question she answered) and with Bruno (a question waiting
// for his answer), so a newcomer sees both sides of the messenger, the unread badge and "Aguardando resposta".
const CHATS: { operator: 'ana' | 'bruno'; lines: Line[] }[] = [
  {
    operator: 'ana',
    lines: [
      {
        from: 'gestor',
        text: 'Ana, você consegue assumir os atendimentos de e-mail amanhã de manhã?',
        needAnswer: true,
        minutesAgo: 180,
      },
      { from: 'ana', text: 'Consigo, sim. Começo às 8h.', minutesAgo: 170 },
    ],
  },
  {
    operator: 'bruno',
    lines: [
      {
        from: 'gestor',
        text: 'Bruno, lembre de escolher o status ao finalizar cada atendimento, por favor.',
        minutesAgo: 90,
      },
      {
        from: 'gestor',
        text: 'Pode cobrir o intervalo da Ana hoje às 15h?',
        needAnswer: true,
        minutesAgo: 30,
      },
    ],
  },
];

const EMAILS = {
  gestor: 'gestor@empresademo.com.br',
  ana: 'ana.operadora@empresademo.com.br',
  bruno: 'bruno.operador@empresademo.com.br',
} as const;

/**
 * The demo's internal messenger (issue 20). Does nothing when the demo company already has an internal chat;
 * answers whether it seeded.
 */
export async function seedMessengerSamples(db: Db): Promise<boolean> {
  const people = await db.execute<{ email: string; id: number; company_id: number }>(sql`
    select email, id, company_id from users where email in (${EMAILS.gestor}, ${EMAILS.ana}, ${EMAILS.bruno})`);
  const id = (who: keyof typeof EMAILS) => people.rows.find((p) => p.email === EMAILS[who]);
  const gestor = id('gestor');
  if (!gestor || !id('ana') || !id('bruno')) return false;
  const companyId = gestor.company_id;
  const existing = await db.execute(
    sql`select 1 from internal_chats where company_id = ${companyId} limit 1`,
  );
  if (existing.rows.length > 0) return false;
  await db.transaction(async (tx) => {
    for (const chat of CHATS) {
      const operatorId = Number(id(chat.operator)?.id);
      const last = Math.min(...chat.lines.map((l) => l.minutesAgo));
      // The operator's unread: the manager's lines after the operator's last answer.
      const lastAnswer = Math.min(
        ...chat.lines.filter((l) => l.from !== 'gestor').map((l) => l.minutesAgo),
        Number.POSITIVE_INFINITY,
      );
      const unread = chat.lines.filter((l) => l.from === 'gestor' && l.minutesAgo < lastAnswer).length;
      const created = await tx.execute<{ id: number }>(sql`
        insert into internal_chats (company_id, manager_id, operator_id, created_at, last_message_at, unread_operator)
        values (${companyId}, ${gestor.id}, ${operatorId}, now() - make_interval(mins => ${chat.lines[0]?.minutesAgo ?? 0}),
          now() - make_interval(mins => ${last}), ${unread})
        returning id`);
      const chatId = Number(created.rows[0]?.id);
      for (const line of chat.lines) {
        const answered =
          line.needAnswer && line.minutesAgo > lastAnswer
            ? sql`now() - make_interval(mins => ${lastAnswer})`
            : sql`null`;
        await tx.execute(sql`
          insert into internal_messages (company_id, chat_id, from_user_id, text, need_answer, answered_at, created_at)
          values (${companyId}, ${chatId}, ${Number(id(line.from)?.id)}, ${line.text}, ${line.needAnswer === true},
            ${answered}, now() - make_interval(mins => ${line.minutesAgo}))`);
      }
    }
  });
  return true;
}
