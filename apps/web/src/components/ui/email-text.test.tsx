import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, TextWithEmails, emailParts } from './email-text';

describe('an email address in a narrow column', () => {
  it('may break only after its @ and its dots', () => {
    expect(emailParts('wanjiku.kamau-otieno@nyayo-logistics.co.ke')).toEqual([
      'wanjiku.',
      'kamau-otieno@',
      'nyayo-logistics.',
      'co.',
      'ke',
    ]);
    const { container } = render(<EmailText email="wanjiku.kamau-otieno@nyayo-logistics.co.ke" />);
    expect(container.textContent).toBe('wanjiku.kamau-otieno@nyayo-logistics.co.ke');
    expect(container.querySelectorAll('wbr')).toHaveLength(4);
    // A hyphenated name is one unbreakable part.
    const parts = Array.from(container.querySelectorAll('span.whitespace-nowrap')).map(
      (span) => span.textContent,
    );
    expect(parts).toContain('kamau-otieno@');
  });

  it('lets a part too long for any column break inside, as a last resort', () => {
    const { container } = render(
      <EmailText email="accounts-receivable-department-nairobi@firm.co.ke" />,
    );
    const nowrap = Array.from(container.querySelectorAll('span.whitespace-nowrap')).map(
      (span) => span.textContent,
    );
    expect(nowrap).toEqual(['firm.', 'co.', 'ke']);
    expect(container.firstElementChild?.className).toContain('[overflow-wrap:anywhere]');
  });

  it('finds the addresses in a sentence and leaves the rest as it was', () => {
    const { container } = render(
      <TextWithEmails text="Wanjiru Kamau changed the email address to achieng.odhiambo@example.co.ke (client)" />,
    );
    expect(container.textContent).toBe(
      'Wanjiru Kamau changed the email address to achieng.odhiambo@example.co.ke (client)',
    );
    expect(container.querySelectorAll('wbr')).toHaveLength(4);
  });
});
