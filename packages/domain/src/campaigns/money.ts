/**
 * The one money formatter of the ad screens (connections spec section 9: minor units divided by 100, in the
 * ad account's currency). Every amount and hint of the campaigns page, the wizards and the ad-account picker
 * goes through it, so a hint never names another currency than the budget beside it.
 * `locale` is the reader's (undefined: the browser's); tests pass one to be exact.
 */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 100);
  } catch {
    // An unknown currency code still shows its amount and its code.
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** The smallest budget the wizards take: 1.00 of the account's currency (the budget input's min of 1). */
export const MIN_BUDGET_MINOR = 100;
