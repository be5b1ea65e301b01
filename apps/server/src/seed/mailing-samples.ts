import { channelKey } from '@prosa/shared/contact-keys';
import type { TMailingParam } from '@prosa/shared/mailing';
import { and, eq, isNull } from 'drizzle-orm';
import { mailingRowKeys, mailingRows, mailings } from '../db/schema/campaigns';
import { companies } from '../db/schema/companies';
import type { Db } from '../platform/db';
import type { Storage } from '../platform/storage/storage';

// A small active mailing of the demo company (issue 18), already imported, so the mailing list, the campaign form
// and the mailing triggers have something real: 15 customers with a phone keyed for WhatsApp and SMS, a city and
// the sector code (cod_setor: the demo sectors' names) that mailing_sector_transfer reads.

export const DEMO_MAILING_TITLE = 'Clientes ativos';

const NAMES = [
  'Mariana Alves',
  'Rafael Costa',
  'Juliana Rocha',
  'Pedro Henrique',
  'Camila Duarte',
  'Lucas Martins',
  'Fernanda Reis',
  'Thiago Moreira',
  'Beatriz Nunes',
  'Gustavo Prado',
  'Larissa Teixeira',
  'Rodrigo Pires',
  'Patrícia Gomes',
  'Vinícius Barros',
  'Aline Cardoso',
];
const CITIES = ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba', 'Porto Alegre'];
const SECTORS = ['Comercial', 'Suporte', 'Financeiro'];

const HEADER = ['nome', 'telefone', 'cidade', 'cod_setor'];
const PARAMS: TMailingParam[] = [
  { field: 0, label: 'Nome', display: true, is_key_to_channel: [] },
  { field: 1, label: 'Telefone', display: true, is_key_to_channel: ['waent', 'waweb', 'sms'] },
  { field: 2, label: 'Cidade', display: true, is_key_to_channel: [] },
  { field: 3, label: 'cod_setor', display: false, is_key_to_channel: [] },
];

/**
 * Writes the sample once (false when the demo company is missing or a mailing of that title exists). With a
 * storage, the CSV is stored too, so the mailing can be edited and imported again like an uploaded one.
 */
export async function seedMailingSamples(db: Db, storage?: Storage): Promise<boolean> {
  const [demo] = await db.select().from(companies).where(eq(companies.name, 'Empresa Demo')).limit(1);
  if (!demo) return false;
  const companyId = demo.id;
  const [exists] = await db
    .select({ id: mailings.id })
    .from(mailings)
    .where(
      and(
        eq(mailings.companyId, companyId),
        eq(mailings.title, DEMO_MAILING_TITLE),
        isNull(mailings.deletedAt),
      ),
    )
    .limit(1);
  if (exists) return false;

  const rows = NAMES.map((name, i) => [
    name,
    `(11) 9${String(8100_0000 + i * 137).slice(0, 4)}-${String(1000 + i * 7).slice(-4)}`,
    CITIES[i % CITIES.length] ?? 'São Paulo',
    SECTORS[i % SECTORS.length] ?? 'Comercial',
  ]);
  const csv = [HEADER, ...rows].map((r) => r.join(';')).join('\n');
  let fileKey: string | null = null;
  if (storage) {
    fileKey = `mailing/${companyId}/clientes-ativos.csv`;
    await storage.put(fileKey, Buffer.from(csv, 'utf-8'), 'text/csv');
  }
  await db.transaction(async (tx) => {
    const [m] = await tx
      .insert(mailings)
      .values({
        companyId,
        title: DEMO_MAILING_TITLE,
        active: true,
        fileName: 'clientes-ativos.csv',
        fileKey,
        fields: HEADER,
        delimiter: ';',
        encoding: 'utf-8',
        params: PARAMS,
        processing: 'done',
        rowCount: rows.length,
        processedRows: rows.length,
      })
      .returning({ id: mailings.id });
    if (!m) throw new Error('mailing sample insert returned nothing');
    await tx
      .insert(mailingRows)
      .values(rows.map((values, i) => ({ companyId, mailingId: m.id, rowNumber: i + 1, values })));
    const keys: { companyId: number; mailingId: number; prefix: string; key: string; rowNumber: number }[] =
      [];
    rows.forEach((values, i) => {
      for (const p of PARAMS)
        for (const prefix of p.is_key_to_channel) {
          const key = channelKey(prefix, values[p.field] ?? '');
          if (key) keys.push({ companyId, mailingId: m.id, prefix, key, rowNumber: i + 1 });
        }
    });
    if (keys.length) await tx.insert(mailingRowKeys).values(keys).onConflictDoNothing();
  });
  return true;
}
