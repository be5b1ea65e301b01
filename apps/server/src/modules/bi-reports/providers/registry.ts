import type { TBiProvider, TBiProviders } from '@prosa/shared/bi-reports';
import type { AppDeps } from '../../../platform/deps';
import { metabaseConfigured, metabaseProvider } from './metabase';
import { powerBiConfigured, powerBiProvider } from './powerbi';
import type { BiProvider } from './provider';

/** The provider of a kind with this installation's settings; null when they are missing. */
export function biProviderFor(
  deps: Pick<AppDeps, 'config' | 'outbound'>,
  kind: TBiProvider,
): BiProvider | null {
  return kind === 'metabase' ? metabaseProvider(deps.config) : powerBiProvider(deps.config, deps.outbound);
}

/** Which providers this installation has settings for (the admin form warns about the others). */
export function configuredBiProviders(deps: Pick<AppDeps, 'config'>): TBiProviders {
  return { metabase: metabaseConfigured(deps.config), powerbi: powerBiConfigured(deps.config) };
}
