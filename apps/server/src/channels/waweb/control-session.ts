import type { TStoredAttachment } from '@prosa/shared/attachments';
import type { Storage } from '../../platform/storage/storage';
import type { WawebFile } from './session-types';

// What a message needs before its session sends it: its files read from the storage every node shares, and the
// person's jid.

/** The files of a message, read from storage (the holder reads them, whichever node asked for the send). */
export async function loadWawebFiles(
  storage: Storage,
  media: readonly TStoredAttachment[],
): Promise<WawebFile[]> {
  const files: WawebFile[] = [];
  for (const file of media) {
    const obj = await storage.get(file.key);
    if (!obj) throw new Error(`Arquivo ${file.originalName} não encontrado.`);
    const chunks: Buffer[] = [];
    for await (const c of obj.body) chunks.push(Buffer.from(c as Buffer));
    files.push({
      kind: file.type,
      data: Buffer.concat(chunks),
      mimeType: file.mimeType,
      fileName: file.originalName,
    });
  }
  return files;
}

/** A person's phone (or a group's id) as WhatsApp's jid. */
export const jidOf = (externalId: string) =>
  externalId.includes('@') ? externalId : `${externalId}@s.whatsapp.net`;
