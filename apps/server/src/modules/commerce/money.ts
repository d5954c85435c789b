// Money in integer cents, never floats. Package prices are numeric(12,2) in the
// database and arrive as exact decimal text ('199.00'); they become cents by reading the digits,
// not by multiplying a float. Cents back to text: @capsule/domain's centsToDecimal.

/** '199.00', '49', '0.5', '0' -> 19900, 4900, 50, 0. Throws on anything that is not a plain amount. */
export function decimalToCents(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`Not an amount of money: ${text}`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new Error(`Amount out of range: ${text}`);
  return cents;
}
