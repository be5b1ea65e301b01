import { onlyDigits } from '@prosa/shared/documents';
import { PERSON_IMPORT_CHUNK, PERSON_MSG, ZPersonInput } from '@prosa/shared/person';
import { parseCsv } from '@prosa/shared/users-import';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { contacts, personChanges, persons } from '../../db/schema/attendance';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findImportChannel, importedContactKey } from './import-channels';
import { personSettings } from './person-view';
import { columnsOf } from './repository';

export const PERSON_IMPORT_MAX_ROWS = 10_000;

// Accepted column names after normalisation (lower case, no accents, spaces → underscores), spec 3 §5.
const COLUMNS: Record<string, string[]> = {
  name: ['name', 'nome'],
  cpf: ['cpf'],
  phone: ['phone', 'telefone', 'celular'],
  email: ['email', 'e-mail'],
  rg: ['rg'],
  birth_date: ['birth_date', 'data_de_nascimento', 'nascimento'],
  company_name: ['company_name', 'empresa', 'nome_da_empresa'],
  cnpj: ['cnpj'],
  job_title: ['job_title', 'cargo'],
};

function pick(values: Record<string, string>, field: string): string {
  for (const key of COLUMNS[field] ?? []) {
    const v = values[key];
    if (v) return v.trim();
  }
  return '';
}

/** "31/12/1990" or "1990-12-31" → "1990-12-31"; anything else is kept for the validator to refuse. */
function isoDate(value: string): string {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return br ? `${br[3]}-${br[2]}-${br[1]}` : value;
}

/**
 * Contact import (spec 3 §5, spec 2 §5): semicolon CSV with name, CPF, phone, e-mail, RG, birth date, company
 * name, CNPJ and job title, bound to one channel of the company. Rows are validated like the contact form and
 * written 300 at a time; a row that fails is reported by line and the others are kept. Each imported person
 * gets its contact on the channel (its phone, or e-mail on an e-mail channel), so an active message or a
 * campaign on that channel finds them; an identity the channel already knows stays with its person.
 */
export async function importPersons(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { channelId: number; fileName: string; text: string },
) {
  const { fileName, text } = input;
  await personSettings(deps.db, caller);
  const channel = await findImportChannel(deps.db, caller.companyId, input.channelId);
  if (!channel) throw notFound('Canal não encontrado.');
  if (!fileName.toLowerCase().endsWith('.csv') || text.includes('\u0000'))
    throw badRequest(PERSON_MSG.csvRequired);
  const { headers, records } = parseCsv(text);
  if (!headers.some((h) => COLUMNS.name?.includes(h))) throw badRequest('O arquivo não tem a coluna "nome".');
  if (records.length > PERSON_IMPORT_MAX_ROWS)
    throw badRequest(`O arquivo deve conter no máximo ${PERSON_IMPORT_MAX_ROWS} contatos.`);

  const failed: { line: number; message: string }[] = [];
  let imported = 0;
  let linked = 0;
  for (let start = 0; start < records.length; start += PERSON_IMPORT_CHUNK) {
    const chunk = records.slice(start, start + PERSON_IMPORT_CHUNK);
    const valid: { line: number; data: ReturnType<typeof ZPersonInput.parse> }[] = [];
    const seenCpf = new Set<string>();
    for (const record of chunk) {
      const v = record.values;
      const phone = onlyDigits(pick(v, 'phone'));
      const email = pick(v, 'email');
      const parsed = ZPersonInput.safeParse({
        name: pick(v, 'name'),
        cpf: pick(v, 'cpf') || undefined,
        cnpj: pick(v, 'cnpj') || undefined,
        rg: pick(v, 'rg') || undefined,
        birth_date: pick(v, 'birth_date') ? isoDate(pick(v, 'birth_date')) : undefined,
        company_name: pick(v, 'company_name') || undefined,
        job_title: pick(v, 'job_title') || undefined,
        emails: email ? [email] : [],
        phones: phone ? [{ phone, is_whatsapp: false }] : [],
      });
      if (!parsed.success) {
        failed.push({ line: record.line, message: parsed.error.issues[0]?.message ?? PERSON_MSG.saveError });
        continue;
      }
      const cpf = parsed.data.cpf;
      if (cpf && seenCpf.has(cpf)) {
        failed.push({ line: record.line, message: PERSON_MSG.cpfUsed });
        continue;
      }
      if (cpf) seenCpf.add(cpf);
      valid.push({ line: record.line, data: parsed.data });
    }
    await deps.db.transaction(async (tx) => {
      const cpfs = valid.map((r) => r.data.cpf).filter((c): c is string => Boolean(c));
      const taken = cpfs.length
        ? await tx
            .select({ cpf: persons.cpf })
            .from(persons)
            .where(
              and(
                eq(persons.companyId, caller.companyId),
                inArray(persons.cpf, cpfs),
                isNull(persons.mergedIntoId),
              ),
            )
        : [];
      const takenSet = new Set(taken.map((t) => t.cpf));
      const rows = valid.filter((r) => {
        if (r.data.cpf && takenSet.has(r.data.cpf)) {
          failed.push({ line: r.line, message: PERSON_MSG.cpfUsed });
          return false;
        }
        return true;
      });
      if (rows.length === 0) return;
      const inserted = await tx
        .insert(persons)
        .values(rows.map((r) => ({ companyId: caller.companyId, ...columnsOf(r.data) })))
        .returning({ id: persons.id, name: persons.name, phones: persons.phones, emails: persons.emails });
      await tx.insert(personChanges).values(
        inserted.map((p) => ({
          companyId: caller.companyId,
          personId: p.id,
          userId: caller.userId,
          kind: 'import',
          changes: { file: fileName, channel_id: channel.id },
        })),
      );
      imported += inserted.length;
      const channelContacts = inserted.flatMap((p) => {
        const key = importedContactKey(channel.kind, p);
        if (!key) return [];
        const data = channel.kind === 'em' ? { email: key } : { phone: key };
        return [
          {
            companyId: caller.companyId,
            personId: p.id,
            kind: channel.kind,
            channelId: channel.id,
            externalId: key,
            name: p.name,
            data,
          },
        ];
      });
      if (channelContacts.length > 0) {
        const made = await tx
          .insert(contacts)
          .values(channelContacts)
          .onConflictDoNothing()
          .returning({ id: contacts.id });
        linked += made.length;
      }
    });
  }
  failed.sort((a, b) => a.line - b.line);
  return { total: records.length, imported, linked, failed };
}
