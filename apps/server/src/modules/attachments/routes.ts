import { ATTACHMENT_MSG } from '@prosa/shared/attachment-rules';
import { FEATURE_FLAG_MSG } from '@prosa/shared/feature-flags';
import { ERROR_CODE } from '@prosa/shared/messages';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { closedBucketAllows } from '../feature-flags/closed-bucket';
import { readFile } from './read-file';

const tags = ['attachments'];

export function attachmentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: the signature and its expiry are the access check (links in the chat, the widget, e-mails); with
    // the feature flag closed_bucket, files of finalized attendances also need a session of the company.
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
        const auth = request.auth;
        const viewer = auth ? { companyId: auth.user.companyId, role: auth.user.role } : null;
        if (!(await closedBucketAllows(deps.db, key, viewer))) {
          file.body.destroy();
          throw new AppError(ERROR_CODE.forbidden, FEATURE_FLAG_MSG.closedBucket, 403);
        }
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
