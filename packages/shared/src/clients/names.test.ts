import { describe, expect, it } from 'vitest';
import { suggestNameSplit } from './names';

describe('suggestNameSplit (the convert dialog’s suggestion)', () => {
  it.each([
    ['Kiprono Kibet arap Mutai', 'Kiprono Kibet', 'arap Mutai'],
    ['Muthoni Wairimu Njoroge', 'Muthoni Wairimu', 'Njoroge'],
    ['Ngũgĩ wa Thiong’o', 'Ngũgĩ', 'wa Thiong’o'],
    ['Lemayian ole Sapit', 'Lemayian', 'ole Sapit'],
    ['Achieng Otieno', 'Achieng', 'Otieno'],
    ['  Baraka   Odhiambo  ', 'Baraka', 'Odhiambo'],
    ['Wanjiku', 'Wanjiku', ''],
    ['Arap Moi', 'Arap', 'Moi'],
  ])('suggests %s as “%s” and “%s”', (name, firstName, lastName) => {
    expect(suggestNameSplit(name)).toEqual({ firstName, lastName });
  });
});
