import { createHash } from 'node:crypto';
import { jidOf } from '../../channels/waweb/control-session';
import { profilePictureThroughHolder } from '../../channels/waweb/profile-picture';
import type { AppDeps } from '../../platform/deps';
import { detectImageType } from '../../platform/image-type';
import { companyMetadataOf } from '../company-metadata/get-metadata';
import { metaProfilePicture } from './meta-picture';
import { findContact, recordPicture } from './repository';

// A contact's profile picture on its cards (spec 1 §3 profile_pic_public_path), when the company's
// whatsapp-profile-picture flag is on: a number by QR's asked through its session, a Messenger or Instagram
// person's read from their Graph profile; downloaded through the outbound-URL guard, kept in our storage, shown
// through a signed URL. With the flag off, a picture kept before is dropped.

/** How long a card's picture URL lives; the picture is asked again (and signed anew) at most daily on messages. */
export const PICTURE_URL_TTL_SECONDS = 30 * 24 * 3600;
/** WhatsApp's previews are a few KB; anything far larger is not one. */
const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

export type RefreshOutcome = 'stored' | 'none' | 'off' | 'unavailable' | 'not-found';

type Deps = Pick<AppDeps, 'db' | 'appSecret' | 'outbound' | 'storage' | 'channelRepository' | 'config'>;

export async function refreshProfilePicture(
  deps: Deps,
  input: { companyId: number; contactId: number },
): Promise<RefreshOutcome> {
  const contact = await findContact(deps.db, input.companyId, input.contactId);
  if (!contact || (contact.kind !== 'waweb' && contact.kind !== 'fa' && contact.kind !== 'insta'))
    return 'not-found';
  const kind = contact.kind;
  const ref = { companyId: input.companyId, contactId: input.contactId };
  const meta = await companyMetadataOf(deps.db, input.companyId);
  if (meta.allow['whatsapp-profile-picture'] !== true) {
    if (contact.profilePicKey) await forget(deps, ref, contact.profilePicKey);
    return 'off';
  }
  const asked =
    kind === 'waweb'
      ? await profilePictureThroughHolder(
          deps,
          { companyId: input.companyId, channelId: contact.channelId },
          jidOf(contact.externalId),
        )
      : await metaProfilePicture(deps, { ...contact, kind });
  if (asked.state === 'unavailable') return 'unavailable';
  if (asked.state === 'none') {
    if (contact.profilePicKey) await forget(deps, ref, contact.profilePicKey);
    return 'none';
  }
  const bytes = await download(deps, asked.url);
  const type = detectImageType(bytes.subarray(0, 16));
  if (!type) throw new Error('a foto de perfil não é uma imagem');
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const key = `contacts/${input.companyId}/${input.contactId}/${digest}.${type.ext}`;
  if (key !== contact.profilePicKey) await deps.storage.put(key, bytes, type.mime);
  await recordPicture(deps.db, {
    ...ref,
    key,
    publicPath: deps.storage.signedUrl(key, PICTURE_URL_TTL_SECONDS).url,
  });
  if (contact.profilePicKey && contact.profilePicKey !== key)
    await deps.storage.delete(contact.profilePicKey);
  return 'stored';
}

async function forget(deps: Deps, ref: { companyId: number; contactId: number }, key: string) {
  await recordPicture(deps.db, { ...ref, key: null, publicPath: null });
  await deps.storage.delete(key);
}

/** The picture's bytes, through the guard (WhatsApp's or Meta's host is a URL we did not choose). */
async function download(deps: Deps, url: string): Promise<Buffer> {
  const res = await deps.outbound.fetch(url, {}, { timeoutMs: 15_000 });
  if (!res.ok) throw new Error(`foto de perfil indisponível (HTTP ${res.status})`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_PICTURE_BYTES) throw new Error('foto de perfil grande demais');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > MAX_PICTURE_BYTES) throw new Error('foto de perfil grande demais');
  return bytes;
}
