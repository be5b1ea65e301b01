import { validateVisitorForm } from '@prosa/shared/webchat-form';
import { el } from './dom';
import { applyMask, caretAfter, isDigitMask, significantChars } from './masks';
import type { WebchatConfig, WebchatField } from './types';

export type VisitorFormView = {
  element: HTMLFormElement;
  showError(message: string | null): void;
  setBusy(busy: boolean): void;
  focus(): void;
};

/** Browser autofill hints for the usual field names of Brazilian forms. */
const AUTOCOMPLETE: Record<string, string> = {
  nome: 'name',
  name: 'name',
  email: 'email',
  'e-mail': 'email',
  telefone: 'tel',
  celular: 'tel',
  whatsapp: 'tel',
  phone: 'tel',
};

/** Keeps a masked input formatted while typing, with the caret after the same character. */
function bindMask(input: HTMLInputElement, mask: string): void {
  input.addEventListener('input', () => {
    const caret = input.selectionStart ?? input.value.length;
    const before = significantChars(input.value.slice(0, caret)).length;
    const formatted = applyMask(mask, input.value);
    if (formatted === input.value) return;
    input.value = formatted;
    const pos = caretAfter(formatted, before);
    input.setSelectionRange(pos, pos);
  });
}

function control(field: WebchatField, id: string): HTMLInputElement | HTMLSelectElement {
  const common = { id, name: field.name, class: 'input', required: field.required === true };
  if (field.type === 'select') {
    // An optional select keeps its placeholder choosable, to undo a choice.
    const placeholder = el(
      'option',
      { value: '', disabled: field.required === true, selected: true },
      'Selecione…',
    );
    const select = el('select', { ...common, class: 'input placeholder' }, placeholder);
    for (const option of field.options ?? []) select.appendChild(el('option', { value: option }, option));
    select.addEventListener('change', () => select.classList.toggle('placeholder', select.value === ''));
    return select;
  }
  const mask = field.mask?.trim() || undefined;
  const numeric = field.type === 'number' || (mask !== undefined && isDigitMask(mask));
  const autocomplete = AUTOCOMPLETE[field.name.toLowerCase()];
  const input = el('input', {
    ...common,
    type: autocomplete === 'email' ? 'email' : 'text',
    inputmode:
      autocomplete === 'email' ? 'email' : numeric ? (autocomplete === 'tel' ? 'tel' : 'numeric') : undefined,
    autocomplete: autocomplete ?? 'off',
    maxlength: mask ? String(Math.max(...mask.split('|').map((m) => m.trim().length))) : '300',
    placeholder: mask ? mask.split('|')[0]?.trim().replace(/[9A*]/g, '_') : undefined,
  });
  if (mask) bindMask(input, mask);
  return input;
}

export function buildVisitorForm(
  config: WebchatConfig,
  onSubmit: (values: Record<string, string>) => void,
): VisitorFormView {
  const errorBox = el('p', { class: 'error', role: 'alert', hidden: true });
  const submit = el('button', { type: 'submit', class: 'primary' }, config.button);
  const controls = new Map<string, HTMLInputElement | HTMLSelectElement>();
  const form = el('form', { class: 'form', novalidate: true }, el('p', { class: 'welcome' }, config.welcome));

  config.fields.forEach((field, i) => {
    const id = `pw-field-${i}`;
    const input = control(field, id);
    controls.set(field.name, input);
    input.addEventListener('input', () => {
      input.removeAttribute('aria-invalid');
      view.showError(null);
    });
    const label = el(
      'label',
      { for: id },
      field.label,
      field.required ? el('span', { class: 'req', 'aria-hidden': 'true' }, '*') : null,
    );
    form.appendChild(el('div', { class: 'field' }, label, input));
  });
  form.append(errorBox, submit);

  const values = () => {
    const out: Record<string, string> = {};
    for (const [name, input] of controls) out[name] = input.value.trim();
    return out;
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (submit.disabled) return;
    // Required fields, e-mail and phone by the server's own rules and words (the server checks again).
    const checked = validateVisitorForm(config.fields, values());
    if (!checked.ok) {
      view.showError(checked.message);
      const input = controls.get(checked.field);
      input?.setAttribute('aria-invalid', 'true');
      input?.focus();
      return;
    }
    view.showError(null);
    onSubmit(checked.values);
  });

  const view: VisitorFormView = {
    element: form,
    showError(message) {
      errorBox.textContent = message ?? '';
      errorBox.hidden = !message;
    },
    setBusy(busy) {
      submit.disabled = busy;
      submit.textContent = busy ? 'Enviando…' : config.button;
    },
    focus() {
      controls.values().next().value?.focus();
    },
  };
  return view;
}
