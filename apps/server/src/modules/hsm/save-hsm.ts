import { HSM_AUTH_TEXT, HSM_MSG, type ZHsmInput } from '@prosa/shared/hsm';
import { ROLE } from '@prosa/shared/roles';
import type { z } from '@prosa/shared/zod';
import { and, eq, isNull } from 'drizzle-orm';
import { hsmTemplates } from '../../db/schema/waent';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { pollLinkedCompanies } from './poll-links';
import { choosableCompanies, companiesOf, findVisibleTemplate, setTemplateCompanies } from './repository';

type Input = z.output<typeof ZHsmInput>;

/** The companies a save gives the template: managers their own; admins all of their list, or some of it. */
async function targetCompanies(deps: Pick<AppDeps, 'db'>, caller: Caller, input: Input) {
  const allowed = await choosableCompanies(deps.db, caller);
  if (caller.role < ROLE.admin) return { all: false, ids: [caller.companyId] };
  if (input.all_companies) return { all: true, ids: allowed };
  const ids = [...new Set(input.companies)].filter((id) => allowed.includes(id));
  if (ids.length === 0) throw badRequest(HSM_MSG.selectCompany);
  return { all: false, ids };
}

function columns(input: Input) {
  const auth = input.template_type === 'authentication';
  const header = !auth && input.use_header && input.header_type ? input.header_type : null;
  return {
    name: input.name,
    elementName: input.element_name,
    namespace: input.namespace?.trim() || null,
    language: input.language,
    category: auth ? 'AUTHENTICATION' : input.category,
    // The authentication (OTP) type always has Meta's fixed text (spec 2 §4).
    template: auth ? HSM_AUTH_TEXT : input.template,
    templateType: input.template_type,
    authType: auth ? (input.auth_type ?? 'OTP') : null,
    headerType: header,
    headerTemplate: header === 'text' ? (input.header_template ?? null) : null,
    headerMediaKey: header && header !== 'text' ? (input.header_media_key ?? null) : null,
    useInPoll: input.use_in_poll,
  };
}

export async function createHsm(deps: Pick<AppDeps, 'db'>, caller: Caller, input: Input) {
  const target = await targetCompanies(deps, caller, input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(hsmTemplates)
      .values({ ownerCompanyId: caller.companyId, allCompanies: target.all, ...columns(input) })
      .returning();
    if (!row) throw new Error('hsm insert returned nothing');
    await setTemplateCompanies(tx, row.id, target.ids);
    return row.id;
  });
}

/** Only the owning company edits a template; one merely listed for the caller's company is read-only. */
async function ownTemplate(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const row = await findVisibleTemplate(deps.db, caller.companyId, id);
  if (!row || (row.ownerCompanyId !== caller.companyId && caller.role < ROLE.lord)) throw notFound();
  return row;
}

export async function updateHsm(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number, input: Input) {
  const row = await ownTemplate(deps, caller, id);
  const current = (await companiesOf(deps.db, [id])).get(id) ?? [];
  const target =
    caller.role < ROLE.admin
      ? { all: row.allCompanies, ids: current }
      : await targetCompanies(deps, caller, input);
  // A poll using the template keeps it in polls and keeps its companies (spec 2 §5).
  const linked = await pollLinkedCompanies(deps.db, id);
  if (linked.length > 0) {
    if (row.useInPoll && !input.use_in_poll) throw badRequest(HSM_MSG.linkedToPoll);
    if (linked.some((c) => !target.ids.includes(c))) throw badRequest(HSM_MSG.linkedToPoll);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(hsmTemplates)
      .set({ ...columns(input), allCompanies: target.all, updatedAt: new Date() })
      .where(eq(hsmTemplates.id, id));
    await setTemplateCompanies(tx, id, target.ids);
  });
}

export async function deleteHsm(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  await ownTemplate(deps, caller, id);
  if ((await pollLinkedCompanies(deps.db, id)).length > 0) throw badRequest(HSM_MSG.linkedToPoll);
  await deps.db
    .update(hsmTemplates)
    .set({ deletedAt: new Date() })
    .where(and(eq(hsmTemplates.id, id), isNull(hsmTemplates.deletedAt)));
}
