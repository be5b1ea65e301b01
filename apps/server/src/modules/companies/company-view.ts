import { planName, type TCompanyDetail, type TCompanyListItem } from '@prosa/shared/company-admin';
import type { CompanyRow } from './repository';

/** URL of a white-label image; the file name rides along so a new upload is a new URL for browsers. */
export function whiteLabelUrl(
  companyId: number,
  key: string,
  file: string | null | undefined,
): string | null {
  return file ? `/api/companies/${companyId}/white-label/${key}?v=${encodeURIComponent(file)}` : null;
}

export function toListItem(c: CompanyRow): TCompanyListItem {
  return {
    id: c.id,
    name: c.name,
    domain: c.domain,
    organization: c.organization,
    plan_id: c.planId,
    plan_name: planName(c.planId),
    status_id: c.statusId,
    inactive_since: c.inactiveSince?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
  };
}

export function toDetail(c: CompanyRow): TCompanyDetail {
  return {
    ...toListItem(c),
    timezone: c.timezone,
    addresses: c.addresses,
    responsibles: c.responsibles,
    view_data: {
      title: c.viewData.title ?? '',
      logo: whiteLabelUrl(c.id, 'logo', c.viewData.logo),
      logo_login: whiteLabelUrl(c.id, 'logo_login', c.viewData.logo_login),
    },
    default_image: whiteLabelUrl(c.id, 'default_image', c.defaultImage),
    custom_metadata: c.customMetadata,
  };
}
