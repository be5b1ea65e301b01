import { runActive } from './runners/active';
import { runAnalytic } from './runners/analytic';
import { runAttendanceFlow } from './runners/attendance-flow';
import { runCampaigns } from './runners/campaigns';
import { runComplete } from './runners/complete';
import { runControlWords } from './runners/control-words';
import { runEffectiveness } from './runners/effectiveness';
import { runEveryHour } from './runners/every-hour';
import { runFlows } from './runners/flows';
import { runMessageConsumption } from './runners/message-consumption';
import { runNegotiation } from './runners/negotiation';
import { runOptin } from './runners/optin';
import { runPolls } from './runners/polls';
import { runProductivity } from './runners/productivity';
import { runSessionControl } from './runners/session-control';
import { runSessionWhatsappEnterprise } from './runners/session-whatsapp-enterprise';
import { runSimple } from './runners/simple';
import { runTriggers } from './runners/triggers';
import type { ReportCatalogue } from './types';

/** Every report of spec 3 by its key (shared/reports.ts REPORTS): one runner each, in runners/. */
export const REPORT_RUNNERS: ReportCatalogue = {
  active: runActive,
  analytic: runAnalytic,
  'attendance-flow': runAttendanceFlow,
  campaigns: runCampaigns,
  complete: runComplete,
  'control-words': runControlWords,
  effectiveness: runEffectiveness,
  'every-hour': runEveryHour,
  flows: runFlows,
  'message-consumption': runMessageConsumption,
  negotiation: runNegotiation,
  optin: runOptin,
  polls: runPolls,
  productivity: runProductivity,
  'session-control': runSessionControl,
  'session-whatsapp-enterprise': runSessionWhatsappEnterprise,
  simple: runSimple,
  triggers: runTriggers,
};
