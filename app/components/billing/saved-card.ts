/** A saved payment method as payment/initiate and payment_methods answer it (spec 3 s3, snake_case). */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
}

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand ? brand[0].toUpperCase() + brand.slice(1) : "Card");
}

/** '12/34' */
export function expiryText(card: Pick<SavedCard, "exp_month" | "exp_year">): string {
  return `${String(card.exp_month).padStart(2, "0")}/${String(card.exp_year % 100).padStart(2, "0")}`;
}

/** 'Visa •••• 4242 (12/34)' for the payment page's card choice. */
export function cardLabel(card: SavedCard): string {
  return `${brandName(card.brand)} •••• ${card.last4} (${expiryText(card)})${card.is_default ? " · Default" : ""}`;
}
