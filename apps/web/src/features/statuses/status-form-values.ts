import { STATUS_DEFAULT_COLOR, type TStatusAdmin, type TStatusInput } from '@prosa/shared/org-admin';

// The status modal's values ↔ the API body: colour shown as #RRGGBB, stored without '#' (spec 2 §9).

export type TStatusFormValues = {
  name: string;
  should_close: '0' | '1';
  should_require: boolean;
  use_in_bot: boolean;
  success: boolean;
  color: string;
  message: string;
  sectors: string[];
  /** The poll a finalization sends first ('' none). */
  poll_id: string;
};

export const hexOf = (stored: string) => `#${stored.replace('#', '').toUpperCase()}`;

export function formValuesFrom(status: TStatusAdmin | null): TStatusFormValues {
  return {
    name: status?.name ?? '',
    should_close: status?.should_close === 1 ? '1' : '0',
    should_require: status?.should_require ?? false,
    use_in_bot: status?.use_in_bot ?? false,
    success: status?.success ?? false,
    color: hexOf(status?.color ?? STATUS_DEFAULT_COLOR),
    message: status?.message ?? '',
    sectors: (status?.sectors ?? []).map(String),
    poll_id: status?.poll_id ? String(status.poll_id) : '',
  };
}

export function toStatusInput(values: TStatusFormValues): TStatusInput {
  return {
    name: values.name.trim(),
    should_close: values.should_close === '1' ? 1 : 0,
    should_require: values.should_require,
    use_in_bot: values.use_in_bot,
    success: values.should_close === '1' && values.success,
    color: values.color.trim().replace('#', '').toUpperCase() || STATUS_DEFAULT_COLOR,
    message: values.message.trim() || null,
    sectors: values.sectors.map(Number),
    poll_id: values.should_close === '1' && values.poll_id ? Number(values.poll_id) : null,
  };
}
