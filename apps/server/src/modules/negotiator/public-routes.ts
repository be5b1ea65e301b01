import type { TNegotiatorPhrases } from '@prosa/shared/negotiator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import {
  hotsiteChoose,
  hotsiteDocument,
  hotsiteSlipPdf,
  startHotsite,
  ZHotsiteChooseInput,
  ZHotsiteChooseOutput,
  ZHotsiteDocumentInput,
  ZHotsiteDocumentOutput,
  ZHotsiteHash,
  ZHotsiteSlipParams,
  ZHotsiteStartOutput,
} from './hotsite-api';
import {
  NEGOTIATOR_HOTSITE_SCRIPT_PATH,
  negotiatorHotsitePage,
  negotiatorNotFoundPage,
} from './hotsite-page';
import { NEGOTIATOR_HOTSITE_SCRIPT } from './hotsite-script';
import { negotiationContext, negotiatorByHash } from './negotiation';

const tags = ['negotiator-hotsite'];

/**
 * The negotiator's public hotsite (/negociar/<hash>) and its calls (no login; a visit is its token). An unknown
 * hash, a deleted negotiator or the company's flag off: the page answers 404 "Negociador não encontrado." and the
 * calls 404 with the same text.
 */
export function negotiatorPublicRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(NEGOTIATOR_HOTSITE_SCRIPT_PATH, { config: PUBLIC }, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        .type('application/javascript; charset=utf-8')
        .send(NEGOTIATOR_HOTSITE_SCRIPT),
    );
    app.get(
      '/negociar/:hash',
      { config: PUBLIC, schema: { hide: true, params: ZHotsiteHash } },
      async (request, reply) => {
        const negotiator = await negotiatorByHash(deps.db, request.params.hash);
        const page = reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
        if (!negotiator) return page.code(404).send(negotiatorNotFoundPage());
        const ctx = await negotiationContext(deps.db, negotiator, new Date());
        return page.send(
          negotiatorHotsitePage({
            hash: negotiator.hash,
            companyName: ctx.companyName,
            negotiatorName: negotiator.name,
            phrases: negotiator.phrases as Partial<TNegotiatorPhrases>,
            body: negotiator.body,
          }),
        );
      },
    );

    app.post(
      '/api/negociar/:hash/start',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Hotsite do negociador: inicia uma consulta (token do visitante)',
          params: ZHotsiteHash,
          response: { 200: ZHotsiteStartOutput },
        },
      },
      async (request) => startHotsite(deps, request.params.hash, request.ip),
    );
    app.post(
      '/api/negociar/:hash/document',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Hotsite do negociador: consulta os débitos de um CPF ou CNPJ',
          params: ZHotsiteHash,
          body: ZHotsiteDocumentInput,
          response: { 200: ZHotsiteDocumentOutput },
        },
      },
      async (request) => hotsiteDocument(deps, request.params.hash, request.body),
    );
    app.post(
      '/api/negociar/:hash/choose',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Hotsite do negociador: escolhe uma oferta (emite o boleto) ou 0 para não negociar',
          params: ZHotsiteHash,
          body: ZHotsiteChooseInput,
          response: { 200: ZHotsiteChooseOutput },
        },
      },
      async (request) => hotsiteChoose(deps, request.params.hash, request.body),
    );
    app.get(
      '/api/negociar/:hash/boleto/:token',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Hotsite do negociador: o boleto emitido em PDF',
          params: ZHotsiteSlipParams,
        },
      },
      async (request, reply) => {
        const { pdf, filename } = await hotsiteSlipPdf(deps, request.params.hash, request.params.token);
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .type('application/pdf')
          .send(pdf);
      },
    );
  };
}
