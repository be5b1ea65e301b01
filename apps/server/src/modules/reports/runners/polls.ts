import { REPORTS } from '@prosa/shared/reports';
import { AppError } from '../../../platform/errors';
import type { ReportRunner } from '../types';

// Placeholder until this report is written (issue 19).
export const runPolls: ReportRunner = async () => {
  throw new AppError('report_unavailable', `Relatório ${REPORTS['polls'].title} ainda não disponível.`, 400);
};
