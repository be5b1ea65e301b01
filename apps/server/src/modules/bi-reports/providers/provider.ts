import type { TBiProvider } from '@prosa/shared/bi-reports';
import { BI_MSG } from '@prosa/shared/bi-reports';
import { AppError } from '../../../platform/errors';

// One interface, one provider per BI service (Metabase signed embedding, Power BI embed tokens): the viewer asks
// for an embed and gets the address to load and, when the service needs one, the token to hand it.

/** Who looks at the report (Metabase may lock a parameter to the company). */
export type BiViewer = { userId: number; companyId: number };

export type BiEmbedResult = {
  kind: TBiProvider;
  /** The provider's report id this embed shows (one of the definition's). */
  reportId: string;
  embedUrl: string;
  /** Power BI's embed token; Metabase carries its signed token inside the URL. */
  token: string | null;
  expiresAt: Date;
};

export type BiProvider = {
  kind: TBiProvider;
  embed(reportId: string, viewer: BiViewer): Promise<BiEmbedResult>;
};

export const BI_PROVIDER_ERROR = 'BI_PROVIDER_ERROR';

/** The service refused or failed: the viewer sees one of the spec's texts, the log the detail. */
export class BiProviderError extends AppError {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(BI_PROVIDER_ERROR, message, 502);
    this.name = 'BiProviderError';
  }
}

/** The installation has no settings for this service (spec 3 §8 'Ocorreu um erro ao carregar o relatório'). */
export const notConfigured = (kind: TBiProvider) =>
  new AppError('BI_PROVIDER_NOT_CONFIGURED', BI_MSG.loadError, 503, { provider: kind });
