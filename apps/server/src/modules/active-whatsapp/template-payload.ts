import type { SendPayload } from '../../channels/waent/graph-client';
import type { HsmRow } from '../hsm/repository';

/**
 * The Cloud API template message (type "template": name, language.code, components): the header's media
 * (an uploaded media id) or text, the body's {{n}} values as text parameters, and for authentication templates the code
 * also on the copy-code button (sub_type url, index 0), as Meta requires.
 */
export function templatePayload(
  t: HsmRow,
  values: string[],
  headerMedia: { id: string } | null,
): SendPayload {
  const components: NonNullable<Extract<SendPayload, { type: 'template' }>['template']['components']> = [];
  if (t.headerType && t.headerType !== 'text' && headerMedia) {
    components.push({ type: 'header', parameters: [{ type: t.headerType, [t.headerType]: headerMedia }] });
  }
  if (values.length > 0) {
    components.push({ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) });
  }
  if (t.templateType === 'authentication' && values[0]) {
    components.push({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: values[0] }],
    });
  }
  return {
    type: 'template',
    template: {
      name: t.elementName,
      language: { code: t.language },
      ...(components.length > 0 ? { components } : {}),
    },
  };
}
