import {
  type TMultichannelPayload,
  type TMultichannelWidget,
  ZMultichannelPayload,
  ZMultichannelWidget,
} from '@prosa/shared/multichannel';

// The jsonb columns read back through the same schemas (defaults filled in); a row an older version wrote that no
// longer parses shows as an empty link instead of failing the page.

export function readWidget(v: unknown): TMultichannelWidget {
  const r = ZMultichannelWidget.safeParse(v ?? {});
  return r.success ? r.data : ZMultichannelWidget.parse({});
}

export function readPayload(v: unknown): TMultichannelPayload {
  const r = ZMultichannelPayload.safeParse(v ?? {});
  return r.success ? r.data : ZMultichannelPayload.parse({});
}
