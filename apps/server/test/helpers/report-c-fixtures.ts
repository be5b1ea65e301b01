import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { attendances, contacts, messages, persons } from '../../src/db/schema/attendance';
import { channels } from '../../src/db/schema/channels';
import { companies } from '../../src/db/schema/companies';
import { sectors } from '../../src/db/schema/organization';
import { users } from '../../src/db/schema/users';
import { demoIds } from './attendance-fixtures';
import type { TestContext } from './test-app';

// Report test data written straight into the tables (reports of part 2): channels, contacts with their
// attendances and messages, for the demo company and the other one.

/** An instant of a given day in São Paulo (UTC−3), 'YYYY-MM-DD' and 'HH:mm'. */
export const spAt = (day: string, time = '10:00') => new Date(`${day}T${time}:00-03:00`);

export async function reportWorld(ctx: TestContext) {
  const demo = await demoIds(ctx);
  const [other] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
  if (!other) throw new Error('outra empresa');
  const [otherSector] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, other.id));
  const [otherUser] = await ctx.db.select().from(users).where(eq(users.companyId, other.id));
  if (!otherSector || !otherUser) throw new Error('outra empresa: setor e usuário');

  async function channel(input: {
    companyId?: number;
    kind?: string;
    name: string;
    sectorId?: number;
    deleted?: boolean;
  }) {
    const companyId = input.companyId ?? demo.companyId;
    const [row] = await ctx.db
      .insert(channels)
      .values({
        companyId,
        kind: input.kind ?? 'waweb',
        name: input.name,
        defaultSectorId:
          input.sectorId ?? (companyId === demo.companyId ? demo.sector('Suporte') : otherSector?.id) ?? 0,
        routeKey: `r-${randomUUID()}`,
        deletedAt: input.deleted ? new Date() : null,
      })
      .returning();
    if (!row) throw new Error('canal');
    return row;
  }

  async function attendance(input: {
    companyId?: number;
    channel: { id: number; kind: string };
    name: string;
    phone: string;
    sectorId?: number;
    at: Date;
    closedAt?: Date | null;
    operatorId?: number | null;
  }) {
    const companyId = input.companyId ?? demo.companyId;
    const [person] = await ctx.db.insert(persons).values({ companyId, name: input.name }).returning();
    if (!person) throw new Error('pessoa');
    const [contact] = await ctx.db
      .insert(contacts)
      .values({
        companyId,
        personId: person.id,
        kind: input.channel.kind,
        channelId: input.channel.id,
        externalId: input.phone,
        name: input.name,
      })
      .returning();
    if (!contact) throw new Error('contato');
    const [a] = await ctx.db
      .insert(attendances)
      .values({
        companyId,
        cardId: randomUUID(),
        protocol: `P${randomUUID().slice(0, 12)}`,
        contactId: contact.id,
        personId: person.id,
        channelKind: input.channel.kind,
        channelId: input.channel.id,
        name: input.name,
        sectorId:
          input.sectorId ?? (companyId === demo.companyId ? demo.sector('Suporte') : otherSector?.id) ?? 0,
        operatorAssignedId: input.operatorId ?? null,
        closedAt: input.closedAt ?? null,
        createdAt: input.at,
        firstStartChatAt: input.at,
      })
      .returning();
    if (!a) throw new Error('atendimento');
    return a;
  }

  async function message(input: {
    companyId?: number;
    attendanceId: number;
    fromContact?: boolean;
    text?: string;
    at: Date;
    metadata?: Record<string, unknown>;
    delivery?: 'sending' | 'sent' | 'delivered' | 'read' | 'error';
    operatorId?: number | null;
  }) {
    const [m] = await ctx.db
      .insert(messages)
      .values({
        companyId: input.companyId ?? demo.companyId,
        attendanceId: input.attendanceId,
        messageId: `t-${randomUUID()}`,
        text: input.text ?? '',
        senderType: input.fromContact ? 0 : 1,
        operatorId: input.operatorId ?? null,
        sentAt: input.at,
        createdAt: input.at,
        metadata: input.metadata ?? {},
        delivery: input.delivery ?? (input.fromContact ? 'delivered' : 'sent'),
      })
      .returning();
    if (!m) throw new Error('mensagem');
    return m;
  }

  return { demo, other, otherSector, otherUser, channel, attendance, message };
}
