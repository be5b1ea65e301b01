import { ZUploadResult } from '@prosa/shared/attachments';
import { META_MSG } from '@prosa/shared/company-metadata';
import { ZBigIdParams } from '@prosa/shared/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { readUpload } from '../attachments/read-upload';
import { storeUpload } from '../attachments/store-upload';
import { companyMetadataOf } from '../company-metadata/get-metadata';
import { loadForAction } from './load-for-action';

const tags = ['attachments'];

/** An attachment of an attendance, stored before the message that carries it is sent. */
export function attendanceAttachmentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/attendances/:id/upload',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary:
            'Envia um anexo do atendimento (multipart: file; kind=voice para áudio gravado). BMP, GIF, JPG, MP4, PDF, PNG',
          consumes: ['multipart/form-data'],
          params: ZBigIdParams,
          response: { 200: ZUploadResult },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { attendance } = await loadForAction(deps, caller, request.params.id);
        const upload = await readUpload(request);
        const voice = upload.fields.kind === 'voice';
        const meta = await companyMetadataOf(deps.db, caller.companyId);
        // The audio setting off: no voice notes, whatever the screen shows.
        if (voice && !meta.audio.enabled) throw forbidden(META_MSG.audioDisabled);
        return storeUpload(deps, {
          scope: { kind: 'attendance', companyId: caller.companyId, attendanceId: attendance.id },
          name: upload.name,
          data: upload.data,
          voice,
          // Media control (settings tab 14): the kinds and sizes the company lets operators send.
          media: meta.media_control,
        });
      },
    );
  };
}
