import type { UseFormReturnType } from '@mantine/form';
import {
  type TMultichannel,
  type TMultichannelInput,
  ZMultichannelPayload,
  ZMultichannelWidget,
} from '@prosa/shared/multichannel';

/** The form holds the link's input as the server takes it. */
export type TLinkFormValues = TMultichannelInput;
export type TLinkForm = UseFormReturnType<TLinkFormValues>;

export function emptyLink(): TLinkFormValues {
  return { name: '', widget: ZMultichannelWidget.parse({}), payload: ZMultichannelPayload.parse({}) };
}

export function fromLink(link: TMultichannel): TLinkFormValues {
  return { name: link.name, widget: link.widget, payload: link.payload };
}

/** Select values are strings; channel ids are numbers. */
export const idValue = (id: number | null) => (id === null ? null : String(id));
export const idOf = (v: string | null) => (v ? Number(v) : null);
