/**
 * The choice of automatic distribution (spec 1 §4, issue "distribution"): pure, so it can be tested for
 * limits, flags, fairness and priority without a database. The cycle applies the plan in one transaction.
 */
export type WaitingAttendance = {
  id: number;
  sectorId: number;
  priority: number;
  queuedAt: number;
  answered: boolean;
  busyClient: boolean;
};

export type EligibleOperator = {
  id: number;
  name: string;
  sectorIds: number[];
  load: number;
  /** When the operator last received an attendance (ms), or 0 if never: idle longest goes first. */
  lastAssignedAt: number;
};

export type DistributionRules = {
  chatPerUser: number;
  allowIfAnswered: boolean;
  allowIfClientNotRespond: boolean;
};

export type Assignment = { attendanceId: number; operatorId: number; operatorName: string };

/** Priority queue first, then the oldest waiting; ties by id for a stable order. */
export function queueOrder(a: WaitingAttendance, b: WaitingAttendance): number {
  return b.priority - a.priority || a.queuedAt - b.queuedAt || a.id - b.id;
}

/** Least loaded first, then idle longest, then lowest id. */
export function operatorOrder(a: EligibleOperator, b: EligibleOperator): number {
  return a.load - b.load || a.lastAssignedAt - b.lastAssignedAt || a.id - b.id;
}

export function isDistributable(att: WaitingAttendance, rules: DistributionRules): boolean {
  if (att.answered && !rules.allowIfAnswered) return false;
  if (att.busyClient && !rules.allowIfClientNotRespond) return false;
  return true;
}

export function planAssignments(input: {
  waiting: WaitingAttendance[];
  operators: EligibleOperator[];
  rules: DistributionRules;
  now: number;
}): Assignment[] {
  const { rules } = input;
  if (rules.chatPerUser <= 0) return [];
  // Copies: the plan updates loads and idle times as it assigns.
  const operators = input.operators.map((o) => ({ ...o }));
  const bySector = new Map<number, typeof operators>();
  for (const op of operators) {
    for (const sectorId of op.sectorIds) {
      const list = bySector.get(sectorId) ?? [];
      list.push(op);
      bySector.set(sectorId, list);
    }
  }
  const plan: Assignment[] = [];
  const queue = input.waiting.filter((a) => isDistributable(a, rules)).sort(queueOrder);
  for (const att of queue) {
    const candidates = bySector.get(att.sectorId);
    if (!candidates) continue;
    let best: (typeof operators)[number] | null = null;
    for (const op of candidates) {
      if (op.load >= rules.chatPerUser) continue;
      if (!best || operatorOrder(op, best) < 0) best = op;
    }
    if (!best) continue;
    best.load += 1;
    // Each assignment counts as the operator's latest, so the next one goes to someone idle longer.
    best.lastAssignedAt = input.now + plan.length;
    plan.push({ attendanceId: att.id, operatorId: best.id, operatorName: best.name });
  }
  return plan;
}
