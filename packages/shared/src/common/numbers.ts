/**
 * A whole number with its thousands grouped as Kenya writes them: 5000 → "5,000", -1234567.6 →
 * "-1,234,568". Not Intl.NumberFormat, whose first use on a page loads the browser's ICU data in
 * one long task (common/nairobi-clock.ts says why that matters on a phone).
 */
export function groupThousands(value: number): string {
  const whole = Math.round(Math.abs(value));
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && whole !== 0 ? `-${grouped}` : grouped;
}
