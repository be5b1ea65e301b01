import type { TReportKey } from '@prosa/shared/reports';

/** The report catalogue by subject (spec 3 §2 "Reports, each with date range pickers"). */
export const REPORT_GROUPS: { title: string; keys: TReportKey[] }[] = [
  {
    title: 'Atendimento',
    keys: ['simple', 'analytic', 'attendance-flow', 'every-hour', 'effectiveness', 'complete'],
  },
  { title: 'Operadores', keys: ['productivity', 'session-control', 'control-words'] },
  {
    title: 'Canais e campanhas',
    keys: ['message-consumption', 'session-whatsapp-enterprise', 'campaigns', 'active', 'optin'],
  },
  { title: 'Automação', keys: ['triggers', 'flows', 'polls', 'negotiation'] },
];
