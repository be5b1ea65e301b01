import type { TAttachmentKind } from '@prosa/shared/attachment-rules';
import { mediaControlError } from '@prosa/shared/media-control';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { companyMetadataOf } from '../company-metadata/get-metadata';

/** Media control (settings tab 14) on an operator's file: refused with the spec's text when the company says so. */
export async function assertMediaAllowed(db: Db, companyId: number, kind: TAttachmentKind, bytes: number) {
  const refused = mediaControlError((await companyMetadataOf(db, companyId)).media_control, kind, bytes);
  if (refused) throw badRequest(refused);
}
