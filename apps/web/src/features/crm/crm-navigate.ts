// The embedded CRM frame's route-change messages (spec 1 §2): a page of our own origin posts
// { type: 'crm:navigate', leadId } and the CRM page opens that opportunity.

export const CRM_NAVIGATE = 'crm:navigate';

/** The lead a window message asks to open, or null when the message is not one (or from another origin). */
export function navigateTarget(event: { origin: string; data: unknown }, ownOrigin: string): number | null {
  if (event.origin !== ownOrigin) return null;
  const data = event.data as { type?: unknown; leadId?: unknown } | null;
  if (!data || typeof data !== 'object' || data.type !== CRM_NAVIGATE) return null;
  const id = typeof data.leadId === 'string' ? Number(data.leadId) : data.leadId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** The leadId query parameter of /crm?leadId=N (the chat opens the detail in a new tab). */
export function leadIdParam(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Where the chat opens an opportunity's detail. */
export function leadUrl(leadId: number): string {
  return `/crm?leadId=${leadId}`;
}
