import {
  ZInvoice,
  ZInvoiceFileKindParams,
  ZInvoiceFileQuery,
  ZInvoiceListQuery,
  ZInvoicePage,
  ZIssueInvoicesInput,
  ZIssueInvoicesOutput,
} from '@prosa/shared/billing';
import { ZIdParams } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { downloadInvoice, invoiceAttachment, readInvoiceUpload, uploadInvoiceFile } from './invoice-files';
import { issueInvoicesByOwner } from './issue-invoices';
import { listInvoices } from './list-invoices';

const tags = ['billing'];

function sendFile(
  reply: FastifyReply,
  file: { body: unknown; length: number; contentType: string; fileName: string },
  disposition: 'attachment' | 'inline',
) {
  return reply
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('access-control-expose-headers', 'content-disposition')
    .header('content-length', file.length)
    .type(file.contentType)
    .send(file.body);
}

/**
 * Billing (spec 3 §7 /billing): invoices for a company's admins and the managers they allowed (the operations
 * check it; the role rule here lets managers reach them); issuing and uploads for the installation's owner.
 */
export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/billing/invoices',
      {
        config: MANAGER,
        schema: {
          tags,
          summary:
            'Faturas (get-invoices): meses de cobrança de startDate a endDate (MM/AAAA), 10 por página',
          querystring: ZInvoiceListQuery,
          response: { 200: ZInvoicePage },
        },
      },
      async (request) => listInvoices(deps, callerOf(request), request.query),
    );

    app.get(
      '/api/billing/invoices/:id/download-invoice',
      {
        config: MANAGER,
        schema: { tags, summary: 'Baixa o PDF da fatura (fatura-AAAA-MM.pdf)', params: ZIdParams },
      },
      async (request, reply) =>
        sendFile(reply, await downloadInvoice(deps, callerOf(request), request.params.id), 'attachment'),
    );

    app.get(
      '/api/billing/invoices/:id/get-receipt',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Nota fiscal (kind=receipt) ou boleto (kind=billet) da fatura',
          params: ZIdParams,
          querystring: ZInvoiceFileQuery,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await invoiceAttachment(deps, callerOf(request), request.params.id, request.query.kind),
          'inline',
        ),
    );

    app.post(
      '/api/billing/issue',
      {
        config: ADMIN,
        schema: {
          tags,
          summary:
            'Gera as faturas de um mês encerrado (AAAA-MM) para as empresas com contrato (dono da instalação)',
          body: ZIssueInvoicesInput,
          response: { 200: ZIssueInvoicesOutput },
        },
      },
      async (request) => issueInvoicesByOwner(deps, callerOf(request), request.body),
    );

    app.post(
      '/api/billing/invoices/:id/:kind',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Envia a nota fiscal (receipt) ou o boleto (billet) da fatura: PDF, JPG ou PNG até 2 MB',
          params: ZInvoiceFileKindParams,
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ message: z.string(), invoice: ZInvoice }) },
        },
      },
      async (request) =>
        uploadInvoiceFile(deps, callerOf(request), {
          id: request.params.id,
          kind: request.params.kind,
          data: await readInvoiceUpload(request),
        }),
    );
  };
}
