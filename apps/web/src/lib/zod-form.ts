import type { FormErrors } from '@mantine/form';
import type { z } from '@prosa/shared/zod';

/**
 * Mantine form validation with the same zod schema the server uses: each issue becomes the error of the
 * field at its path (first issue per field). `toInput` adds values the form does not hold (a token).
 */
export function zodValidate<Values>(schema: z.ZodType, toInput: (values: Values) => unknown = (v) => v) {
  return (values: Values): FormErrors => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path && !(path in errors)) errors[path] = issue.message;
    }
    return errors;
  };
}
