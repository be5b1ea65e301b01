import type { TUploadResult } from '@prosa/shared/attachments';
import { CHATBOT_MSG, type TFlowGraph, ZFlowMedia } from '@prosa/shared/chatbot';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { type UploadScope, verifyAttachmentRefs } from '../attachments/refs';
import { storeUpload } from '../attachments/store-upload';

// A message node's media: uploaded to the company's chatbot folder (the upload scope of "attendance 0": no real
// attendance has id 0) and kept in the drawing as a stored attachment; the engine sends it as the bot's message.

type Deps = Pick<AppDeps, 'appSecret' | 'storage' | 'config'>;

export const flowMediaScope = (companyId: number): UploadScope => ({
  kind: 'attendance',
  companyId,
  attendanceId: 0,
});

export function storeFlowMedia(
  deps: Deps,
  companyId: number,
  upload: { name: string; data: Buffer },
): Promise<TUploadResult> {
  return storeUpload(deps, {
    scope: flowMediaScope(companyId),
    name: upload.name,
    data: upload.data,
    voice: false,
  });
}

/**
 * The drawing with each message node's media as stored: a new one must carry our upload signature for this
 * company's folder; one already in the previous version of the flow is kept as it was.
 */
export function checkFlowMedia(
  deps: Deps,
  companyId: number,
  graph: TFlowGraph,
  previous: TFlowGraph | null,
): TFlowGraph {
  const known = new Map<string, Record<string, unknown>>();
  for (const n of previous?.nodes ?? []) {
    const m = n.type === 'message' ? ZFlowMedia.safeParse(n.data.media) : null;
    if (m?.success) {
      const { sig: _sig, url: _url, expireUrl: _exp, ...stored } = m.data;
      known.set(stored.key, stored);
    }
  }
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      if (n.type !== 'message' || n.data.media == null) return n;
      const parsed = ZFlowMedia.safeParse(n.data.media);
      if (!parsed.success) throw badRequest(CHATBOT_MSG.mediaInvalid);
      const kept = known.get(parsed.data.key);
      if (kept && kept.id === parsed.data.id) return { ...n, data: { ...n.data, media: kept } };
      if (!parsed.data.sig) throw badRequest(CHATBOT_MSG.mediaInvalid);
      try {
        const [stored] = verifyAttachmentRefs(deps.appSecret, flowMediaScope(companyId), [
          { ...parsed.data, sig: parsed.data.sig },
        ]);
        return { ...n, data: { ...n.data, media: stored } };
      } catch (err) {
        if (err instanceof AppError) throw badRequest(CHATBOT_MSG.mediaInvalid);
        throw err;
      }
    }),
  };
}
