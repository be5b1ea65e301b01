import { HSM_MSG } from '@prosa/shared/hsm';
import { eq } from 'drizzle-orm';
import { asWaent } from '../../channels/waent/config';
import { GraphError, type GraphTemplate, graphOf, listTemplates } from '../../channels/waent/graph-client';
import { hsmTemplates } from '../../db/schema/waent';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { OutboundError } from '../../platform/outbound-url';
import { findSyncedTemplate, setTemplateCompanies } from './repository';

const HEADER_FORMAT: Record<string, 'text' | 'image' | 'video' | 'document'> = {
  TEXT: 'text',
  IMAGE: 'image',
  VIDEO: 'video',
  DOCUMENT: 'document',
};

function fromGraph(t: GraphTemplate) {
  const body = t.components.find((c) => c.type.toUpperCase() === 'BODY');
  const header = t.components.find((c) => c.type.toUpperCase() === 'HEADER');
  const headerType = header?.format ? (HEADER_FORMAT[header.format.toUpperCase()] ?? null) : null;
  const auth = t.category.toUpperCase() === 'AUTHENTICATION';
  return {
    name: t.name,
    elementName: t.name,
    language: t.language,
    category: t.category.toUpperCase(),
    template: body?.text ?? '',
    templateType: auth ? ('authentication' as const) : ('headers' as const),
    authType: auth ? 'OTP' : null,
    headerType,
    headerTemplate: headerType === 'text' ? (header?.text ?? null) : null,
    externalStatus: t.status,
  };
}

/**
 * Pulls the WABA's template list (GET /{waba-id}/message_templates, every page) into the company's
 * templates: one row per (WABA, name, language), updated in place with Meta's status and category.
 */
export async function syncTemplates(
  deps: Pick<AppDeps, 'db' | 'channelRepository' | 'outbound'>,
  caller: Caller,
  channelId: number,
) {
  const channel = asWaent(await deps.channelRepository.find(caller.companyId, channelId));
  if (!channel || channel.deletedAt !== null) throw notFound();
  const wabaId = channel.config.waba_id;
  const remote = await listTemplates(graphOf(channel, deps.outbound)).catch((err: unknown) => {
    // A refused or failed connection says nothing about the network; an API error gives the API's own text.
    if (err instanceof OutboundError) throw err;
    throw new AppError(
      'UPSTREAM',
      err instanceof GraphError ? `${HSM_MSG.loadError} ${err.message}` : HSM_MSG.loadError,
      502,
    );
  });
  let created = 0;
  let updated = 0;
  await deps.db.transaction(async (tx) => {
    for (const t of remote) {
      const values = fromGraph(t);
      const found = await findSyncedTemplate(tx, {
        ownerCompanyId: caller.companyId,
        wabaId,
        elementName: values.elementName,
        language: values.language,
      });
      if (found) {
        await tx
          .update(hsmTemplates)
          .set({
            category: values.category,
            externalStatus: values.externalStatus,
            template: values.template || found.template,
            updatedAt: new Date(),
          })
          .where(eq(hsmTemplates.id, found.id));
        updated++;
        continue;
      }
      const [inserted] = await tx
        .insert(hsmTemplates)
        .values({ ownerCompanyId: caller.companyId, wabaId, ...values })
        .returning({ id: hsmTemplates.id });
      if (!inserted) throw new Error('hsm insert returned nothing');
      await setTemplateCompanies(tx, inserted.id, [caller.companyId]);
      created++;
    }
  });
  return { created, updated, total: remote.length, message: HSM_MSG.synced(created, updated) };
}
