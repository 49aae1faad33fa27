import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChatWidget, chatLink } from './chat-widget';

describe('the chat link (SPEC section 5)', () => {
  it.each([
    ['0712 345 678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['254-712-345-678', '254712345678'],
    ['(0)712 345678', '254712345678'],
    ['712345678', '254712345678'],
  ])('a number written %s opens wa.me/%s', (phone, digits) => {
    expect(chatLink(phone, 'Hello & welcome?')).toBe(
      `https://wa.me/${digits}?text=Hello%20%26%20welcome%3F`,
    );
  });

  it('carries what the visitor typed', async () => {
    render(<ChatWidget phone="+254 722 000 911" />);
    await userEvent.click(screen.getByRole('button', { name: /Open chat/ }));
    const box = screen.getByLabelText('Your message');
    await userEvent.clear(box);
    await userEvent.type(box, 'Niko na swali');
    expect(screen.getByRole('link', { name: 'Send' })).toHaveAttribute(
      'href',
      'https://wa.me/254722000911?text=Niko%20na%20swali',
    );
  });
});
