import { type THsm, templateParams } from '@prosa/shared/hsm';
import { ROLE } from '@prosa/shared/roles';
import type { Caller } from '../../platform/deps';
import type { Storage } from '../../platform/storage/storage';
import type { HsmRow } from './repository';

const MEDIA_URL_TTL = 24 * 3600;

/** A template as the screens see it; only the owning company (or a lord) edits it. */
export function toHsm(row: HsmRow, companies: number[], caller: Caller, storage: Storage): THsm {
  return {
    id: row.id,
    owner_company_id: row.ownerCompanyId,
    name: row.name,
    element_name: row.elementName,
    namespace: row.namespace,
    language: row.language,
    category: row.category,
    template: row.template,
    template_type: row.templateType,
    auth_type: row.authType,
    header_type: row.headerType,
    header_template: row.headerTemplate,
    header_media_key: row.headerMediaKey,
    header_media_url: row.headerMediaKey ? storage.signedUrl(row.headerMediaKey, MEDIA_URL_TTL).url : null,
    use_in_poll: row.useInPoll,
    all_companies: row.allCompanies,
    companies,
    waba_id: row.wabaId,
    external_status: row.externalStatus,
    params: templateParams(row.template),
    editable: row.ownerCompanyId === caller.companyId || caller.role >= ROLE.lord,
  };
}
