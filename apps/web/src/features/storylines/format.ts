/** Price in cents shown as dollars with two decimals (spec: cents / 100, two decimals). */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function playerRange(min: number, max: number): string {
  return min === max ? `${min} players` : `${min}-${max} players`;
}
