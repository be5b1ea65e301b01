import { ZTrainingLessonParam, ZTrainingMarkInput, ZTrainingProgress } from '@prosa/shared/training';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getTrainingProgress, markTrainingLesson } from './training-progress';

const tags = ['training'];

/** The training screen (spec 2 §2): each user's progress through the lessons of their role. */
export function trainingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/training',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Lições do treinamento concluídas pelo usuário',
          response: { 200: ZTrainingProgress },
        },
      },
      async (request) => getTrainingProgress(deps, callerOf(request)),
    );
    app.put(
      '/api/training/lessons/:id',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Marca uma lição do treinamento como concluída (ou não)',
          params: ZTrainingLessonParam,
          body: ZTrainingMarkInput,
          response: { 200: ZTrainingProgress },
        },
      },
      async (request) =>
        markTrainingLesson(deps, callerOf(request), { id: request.params.id, done: request.body.done }),
    );
  };
}
