import { describe, expect, it } from 'vitest';
import { canOpenPath } from './menu';
import { ROLE } from './roles';

describe('telas de relatório BI por função', () => {
  it('opens the BI viewer to managers, the list and the form to admins only (spec 3 §6, §7)', () => {
    expect(canOpenPath(ROLE.manager, '/report-bi/3')).toBe(true);
    expect(canOpenPath(ROLE.operator, '/report-bi/3')).toBe(false);
    for (const path of ['/report-bi', '/report-bi/new', '/report-bi/3/edit']) {
      expect(canOpenPath(ROLE.manager, path), path).toBe(false);
      expect(canOpenPath(ROLE.admin, path), path).toBe(true);
    }
  });
});
