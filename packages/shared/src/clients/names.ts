/**
 * A contact message has one name field; a client account has a first and a last name. The convert
 * dialog suggests the split and the person converting corrects it (docs/product-rules.md#clients-and-enquiries).
 */

/**
 * Words that belong to the surname that follows them: Kalenjin "arap" (son of: Kiprono Kibet arap
 * Mutai), Maasai "ole" (ole Sapit), Kikuyu "wa" (Ngũgĩ wa Thiong'o), Swahili "bin" and "binti".
 */
const SURNAME_PARTICLES = new Set(['arap', 'ole', 'wa', 'bin', 'binti']);

/**
 * The suggested split: the last word is the last name, with a particle before it ("arap Mutai");
 * everything before is the first name(s), as a Kenyan's family or clan name most often comes last
 * ("Muthoni Wairimu Njoroge": Muthoni Wairimu / Njoroge). One word is a first name alone.
 */
export function suggestNameSplit(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  let start = words.length - 1;
  // A particle joins the surname, but the first word always stays a first name.
  while (start > 1 && SURNAME_PARTICLES.has(words[start - 1]!.toLowerCase())) start -= 1;
  return { firstName: words.slice(0, start).join(' '), lastName: words.slice(start).join(' ') };
}
