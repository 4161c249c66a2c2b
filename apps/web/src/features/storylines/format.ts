/** Price in cents shown as dollars with two decimals (1999 -> $19.99). */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function playerRange(min: number, max: number): string {
  return min === max ? `${min} players` : `${min}-${max} players`;
}
