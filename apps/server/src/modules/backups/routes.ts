import {
  ZBackupCreated,
  ZBackupIdParams,
  ZBackupListQuery,
  ZBackupMessage,
  ZBackupPage,
  ZBackupRequest,
  ZRestoredAttendanceParams,
  ZRestoredConversation,
  ZRestoredPage,
  ZRestoredQuery,
} from '@prosa/shared/backups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { backupFile } from './backup-file';
import { listBackupsPage } from './list-backups';
import { requestBackup } from './request-backup';
import { requestRestore } from './request-restore';
import { restoredAttendancesPage } from './restored-attendances';
import { restoredConversation } from './restored-conversation';

const tags = ['backups'];

/** History backups (spec 3 §7 get-schedules, schedule-backup; §6 admin only): list, ask, download, restore. */
export function backupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/backups',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Backups do histórico da empresa (dateFrom, dateTo DD/MM/AAAA, page, perPage 10)',
          querystring: ZBackupListQuery,
          response: { 200: ZBackupPage },
        },
      },
      async (request) => listBackupsPage(deps, callerOf(request), request.query),
    );

    app.post(
      '/api/backups',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Solicita o backup dos atendimentos finalizados de um período (até 1 ano)',
          body: ZBackupRequest,
          response: { 201: ZBackupCreated },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await requestBackup(deps, callerOf(request), request.body)),
    );

    app.get(
      '/api/backups/:id/download',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Baixa o arquivo de um backup concluído (JSON lines gzip)',
          params: ZBackupIdParams,
        },
      },
      async (request, reply) => {
        const { file, fileName } = await backupFile(deps, callerOf(request), request.params.id);
        return reply
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('access-control-expose-headers', 'content-disposition')
          .header('content-length', file.length)
          .type('application/gzip')
          .send(file.body);
      },
    );

    app.post(
      '/api/backups/:id/restore',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Restaura um backup concluído em uma nova empresa, para consulta',
          params: ZBackupIdParams,
          response: { 200: ZBackupMessage },
        },
      },
      async (request) => requestRestore(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/backups/:id/restored',
      {
        config: ADMIN,
        schema: {
          tags,
          summary:
            'Atendimentos da empresa restaurada de um backup (25 por página; busca por contato, número ou protocolo)',
          params: ZBackupIdParams,
          querystring: ZRestoredQuery,
          response: { 200: ZRestoredPage },
        },
      },
      async (request) => restoredAttendancesPage(deps, callerOf(request), request.params.id, request.query),
    );

    app.get(
      '/api/backups/:id/restored/:attendanceId/messages',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Conversa de um atendimento da empresa restaurada, em ordem',
          params: ZRestoredAttendanceParams,
          response: { 200: ZRestoredConversation },
        },
      },
      async (request) =>
        restoredConversation(deps, callerOf(request), {
          backupId: request.params.id,
          attendanceId: request.params.attendanceId,
        }),
    );
  };
}
