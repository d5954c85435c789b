import { describe, expect, it } from 'vitest';
import { allowanceFromProductName } from './capsule-length.js';
import { planSummary } from './plan-summary.js';

describe('the plan line: what the user holds across purchases', () => {
  it('no purchase: no plan', () => {
    expect(planSummary([])).toEqual({ productName: null, allowance: null });
  });

  it('one purchase keeps its own name and allowance', () => {
    expect(planSummary([{ name: '5 Legacy Capsules', quantity: 1 }])).toEqual({
      productName: '5 Legacy Capsules',
      allowance: 5,
    });
  });

  it('several purchases add up, and the total is the first word (the spec reads the allowance there)', () => {
    const summary = planSummary([
      { name: '5 Legacy Capsules', quantity: 1 },
      { name: '3 Journey Capsules', quantity: 2 },
    ]);
    expect(summary).toEqual({
      productName: '11 Capsules (5 Legacy Capsules, 3 Journey Capsules ×2)',
      allowance: 11,
    });
    expect(allowanceFromProductName(summary.productName)).toBe(11);
  });

  it('a name without a leading number gives no allowance rather than a wrong one', () => {
    expect(
      planSummary([
        { name: 'Gift', quantity: 1 },
        { name: '5 Legacy Capsules', quantity: 1 },
      ]),
    ).toEqual({
      productName: 'Gift, 5 Legacy Capsules',
      allowance: null,
    });
  });
});
