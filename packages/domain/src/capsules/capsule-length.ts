// Capsule length ('5_minutes') and allowance ('5 Legacy Capsules'), both read from a leading
// number (spec sections 3 and 9). Bad input gives null rather than a guess.

interface CapsuleLength {
  minutes: number;
  label: string;
}

// '5_minutes', '5 minutes', '1_minute', '10_min' or a bare '5'.
const LENGTH = /^(\d+)(?:[_\s]+(?:minutes?|mins?))?$/i;

export function parseCapsuleLength(value: string | null | undefined): CapsuleLength | null {
  const match = LENGTH.exec(value?.trim() ?? '');
  const minutes = match ? Number(match[1]) : 0;
  if (!Number.isSafeInteger(minutes) || minutes <= 0) return null;
  return { minutes, label: `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` };
}

/** The longest video the capsule takes, in seconds: its minutes times 60. */
export function maxVideoSeconds(value: string | null | undefined): number | null {
  const length = parseCapsuleLength(value);
  return length ? length.minutes * 60 : null;
}

/** The capsule allowance: the first space-separated word of product_name, when a whole number. */
export function allowanceFromProductName(productName: string | null | undefined): number | null {
  const first = productName?.trim().split(/\s+/)[0] ?? '';
  if (!/^\d+$/.test(first)) return null;
  const allowance = Number(first);
  return Number.isSafeInteger(allowance) ? allowance : null;
}
