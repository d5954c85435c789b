import type { DefaultedTimestamp } from './columns.js';

// The terms module's table (modules/terms/README.md).

interface TermsAcceptancesTable {
  userId: string;
  termsVersion: string;
  acceptedAt: DefaultedTimestamp;
  ip: string | null;
}

export interface TermsTables {
  termsAcceptances: TermsAcceptancesTable;
}
