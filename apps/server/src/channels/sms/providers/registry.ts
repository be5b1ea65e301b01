import type { TSmsBroker } from '@prosa/shared/sms';
import { generic } from './generic';
import { infobip } from './infobip';
import { movile } from './movile';
import type { SmsProvider } from './types';
import { zenvia } from './zenvia';

/** The provider of a broker: its own API, or the configurable HTTP broker. */
export function providerOf(broker: TSmsBroker): SmsProvider {
  if (broker === 'zenvia') return zenvia;
  if (broker === 'infobip') return infobip;
  if (broker === 'movile') return movile;
  return generic;
}
