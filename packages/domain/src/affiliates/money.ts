// Money in integer cents, never floats. The commission rate is an exact decimal with
// at most 4 places (numeric(5,4) in the database), so it is a whole number of basis points and
// the commission is integer arithmetic (BigInt: cents x basis points can pass 2^53).

const BASIS_POINTS = 10_000n;

/** '0.1', '0.1000', '1' -> basis points (1000, 1000, 10000); null for anything else. */
export function rateToBasisPoints(rate: string): number | null {
  const match = /^(0|1)(?:\.(\d{1,4}))?$/.exec(rate.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return bp <= 10_000 ? bp : null;
}

/**
 * rate x amount in cents, rounded half up to the cent (a half cent goes to the affiliate):
 * 10% of 1999 cents is 199.9, so 200 cents; 10% of 1995 is 199.5, so 200; of 1994, 199.
 */
export function commissionCents(amountCents: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError('amountCents');
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0 || rateBasisPoints > 10_000) {
    throw new RangeError('rateBasisPoints');
  }
  const product = BigInt(amountCents) * BigInt(rateBasisPoints);
  return Number((product * 2n + BASIS_POINTS) / (BASIS_POINTS * 2n));
}

/** The largest amount a payout may name: 99,999,999.99 (fits a bigint of cents with room). */
const MAX_PAYOUT_CENTS = 9_999_999_999;

/**
 * An amount typed in the currency's units ('12.50', '12.5', '12', '1,250.00' is refused) as
 * cents, exactly: the text is split at the point, never parsed as a float. null when it is not
 * a positive amount with at most two decimals.
 */
export function parseAmountToCents(text: string): number | null {
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 && cents <= MAX_PAYOUT_CENTS ? cents : null;
}

/** 1250 -> '12.50' (no currency), for the CLI and plain text. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1250, 'CAD' -> 'CA$12.50' (the browser's and Node's Intl; whole cents, so no float rounding shows). */
export function formatCents(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** '0.1000' -> '10%', '0.1250' -> '12.5%'. */
export function formatRate(rate: string): string {
  const bp = rateToBasisPoints(rate);
  if (bp === null) return rate;
  return `${centsToDecimal(bp).replace(/\.?0+$/, '')}%`;
}
