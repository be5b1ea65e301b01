import { ATTACHMENT_MSG } from '@prosa/shared/attachment-rules';
import { ZUploadResult } from '@prosa/shared/attachments';
import { META_MSG } from '@prosa/shared/company-metadata';
import { ZBigIdParams } from '@prosa/shared/ids';
import { ERROR_CODE } from '@prosa/shared/messages';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { AppError, forbidden } from '../../platform/errors';
import { loadForAction } from '../attendance/load-for-action';
import { companyMetadataOf } from '../company-metadata/get-metadata';
import { readFile } from './read-file';
import { readUpload } from './read-upload';
import { storeUpload } from './store-upload';

const tags = ['attachments'];

export function attachmentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
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
        // The audio setting off: no voice notes, whatever the screen shows.
        if (voice && !(await companyMetadataOf(deps.db, caller.companyId)).audio.enabled)
          throw forbidden(META_MSG.audioDisabled);
        return storeUpload(deps, {
          scope: { kind: 'attendance', companyId: caller.companyId, attendanceId: attendance.id },
          name: upload.name,
          data: upload.data,
          voice,
        });
      },
    );

    // Public: the signature and its expiry are the access check (links in the chat, the widget, e-mails).
    app.get(
      '/api/files/*',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Arquivo anexado, por URL assinada e com validade (exp, sig)',
          querystring: z.object({
            exp: z.coerce.number().int().optional(),
            sig: z.string().max(200).optional(),
          }),
        },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const found = await readFile(deps, {
          key,
          exp: request.query.exp,
          sig: request.query.sig,
          range: request.headers.range,
        });
        if (found.kind === 'forbidden')
          throw new AppError(ERROR_CODE.forbidden, ATTACHMENT_MSG.linkExpired, 403);
        if (found.kind === 'unsatisfiable')
          return reply.code(416).header('content-range', `bytes */${found.size}`).send();
        const { file } = found;
        reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.length))
          .header('accept-ranges', 'bytes')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', `private, max-age=${found.maxAge}`)
          .header('content-disposition', `inline; filename="${found.fileName}"`);
        if (file.range) {
          reply.code(206).header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
        }
        return reply.send(file.body);
      },
    );
  };
}
