import { NOTIFICATION_MODEL } from '@prosa/shared/notifications';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { companies } from '../db/schema/companies';
import { notifications } from '../db/schema/notices';
import type { Db } from '../platform/db';

const WELCOME_TITLE = 'Bem-vindo ao Prosa';

/**
 * Demo data (issue 20): one active welcome notification for the demo company, so the header's bell has something
 * to show on a fresh installation. Idempotent: nothing is added when the company already has it.
 */
export async function seedNotificationSamples(db: Db): Promise<void> {
  const [demo] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, 'Empresa Demo'));
  if (!demo) return;
  const existing = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.title, WELCOME_TITLE),
        isNull(notifications.deletedAt),
        sql`${demo.id}::int = any(${notifications.companyIds})`,
      ),
    )
    .limit(1);
  if (existing.length > 0) return;
  await db.insert(notifications).values({
    modelId: NOTIFICATION_MODEL.notice,
    audience: 'all',
    title: WELCOME_TITLE,
    description:
      'Esta é a central de notificações: avisos da administração aparecem aqui, no sino do cabeçalho. ' +
      'Abra um aviso para ler os detalhes e marque-o como lido quando terminar.',
    companyIds: [demo.id],
    scheduleStatus: 'ACTIVE',
  });
}
