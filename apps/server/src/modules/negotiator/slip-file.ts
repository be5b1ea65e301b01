import type { TStoredAttachment } from '@prosa/shared/attachments';
import { ZNegotiatorSlip } from '@prosa/shared/negotiator';
import type { NegotiationRow } from '../../db/schema/negotiator';
import type { AppDeps } from '../../platform/deps';
import { storeUpload } from '../attachments/store-upload';
import type { NegotiationContext } from './negotiation';
import { storedSlip } from './negotiation';
import { renderSlipPdf } from './slip/slip-pdf';

// The issued slip as a PDF: rendered from the negotiation's stored slip (the same on the hotsite's download and
// in the chat), and stored as an attachment of the attendance for the bot's message.

/** The PDF's file name: "boleto-00000000042.pdf". */
export function slipFileName(negotiation: NegotiationRow): string {
  const slip = storedSlip(negotiation);
  return `boleto-${slip?.our_number ?? String(negotiation.id).padStart(11, '0')}.pdf`;
}

/** The slip's PDF, or null when the negotiation has issued none. */
export async function negotiationSlipPdf(
  ctx: NegotiationContext,
  negotiation: NegotiationRow,
): Promise<Buffer | null> {
  const slip = storedSlip(negotiation);
  const settings = ZNegotiatorSlip.safeParse(ctx.negotiator.slip);
  if (!slip || !settings.success) return null;
  return renderSlipPdf(
    {
      settings: settings.data,
      slip,
      payer: { name: negotiation.debtorName ?? '', document: negotiation.document ?? '' },
      companyName: ctx.companyName,
      description: slip.offer_label,
    },
    { now: ctx.now },
  );
}

/**
 * The slip's PDF stored in the attendance's upload folder (like a file an operator attaches), answered as the
 * stored attachment a bot message carries; null when there is no slip.
 */
export async function storeSlipFile(
  deps: Pick<AppDeps, 'storage' | 'config' | 'appSecret'>,
  ctx: NegotiationContext,
  negotiation: NegotiationRow,
  attendanceId: number,
): Promise<TStoredAttachment | null> {
  const pdf = await negotiationSlipPdf(ctx, negotiation);
  if (!pdf) return null;
  const upload = await storeUpload(deps, {
    scope: { kind: 'attendance', companyId: negotiation.companyId, attendanceId },
    name: slipFileName(negotiation),
    data: pdf,
    voice: false,
  });
  const { id, type, mimeType, originalName, key, size } = upload.file;
  return { id, type, mimeType, originalName, key, size };
}
