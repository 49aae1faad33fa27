import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChatWidget, chatLink } from './chat-widget';

describe('the chat link (the number normalised)', () => {
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

describe('the bubble steps aside', () => {
  it('while a form field of the page has focus, and comes back after', async () => {
    render(
      <>
        <form aria-label="Contact">
          <label>
            Full Name <input />
          </label>
          <button type="button">Send Message</button>
        </form>
        <a href="/about">About Us</a>
        <ChatWidget phone="+254 722 000 911" />
      </>,
    );
    const widget = screen.getByTestId('chat-widget');
    expect(widget).not.toHaveClass('invisible');
    await userEvent.click(screen.getByLabelText('Full Name'));
    await waitFor(() => expect(widget).toHaveClass('invisible'));
    // Tapping the form's Send keeps it away: it must not come back under the finger.
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(widget).toHaveClass('invisible'));
    screen.getByRole('link', { name: 'About Us' }).focus();
    await waitFor(() => expect(widget).not.toHaveClass('invisible'));
  });

  it('not for its own message box', async () => {
    render(<ChatWidget phone="+254 722 000 911" />);
    await userEvent.click(screen.getByRole('button', { name: /Open chat/ }));
    await userEvent.click(screen.getByLabelText('Your message'));
    expect(screen.getByTestId('chat-widget')).not.toHaveClass('invisible');
  });
});
