import type { TNewchatSettings } from '@prosa/shared/newchat';
import type { TWizardValues } from './wizard-state';

export type StepProps = {
  values: TWizardValues;
  onChange: (next: TWizardValues) => void;
  /** The validation problem to show under its field. */
  error: { field: string; message: string } | null;
};

/** The step's values with some settings changed. */
export function withSettings(v: TWizardValues, s: Partial<TNewchatSettings>): TWizardValues {
  return { ...v, settings: { ...v.settings, ...s } };
}

export const errorOf = (p: StepProps, field: string) =>
  p.error?.field === field ? p.error.message : undefined;
