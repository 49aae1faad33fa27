import { MESSAGES } from '@firm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { http, HttpResponse, server } from '../../../testing/msw';
import { mockApi, renderWithApp } from '../../../testing/render';
import { ContactForm } from './contact-form';

// Counts imports of the validation module (zod and the schema): the page must not load it.
const validationImports = vi.hoisted(() => ({ count: 0 }));
vi.mock('./contact-form-validation', async (importOriginal) => {
  validationImports.count += 1;
  return importOriginal();
});

const CREATED = { success: true, message: MESSAGES.contactSuccess, reference: 'MW-7K3Q9' };

async function fillForm() {
  await userEvent.type(screen.getByLabelText(/Full Name/), 'Achieng Odhiambo');
  await userEvent.type(screen.getByLabelText(/Email Address/), 'Achieng@Example.co.ke');
  await userEvent.type(screen.getByLabelText(/Phone Number/), '0722 123 456');
  await userEvent.selectOptions(screen.getByLabelText('Urgency Level'), 'urgent');
  await userEvent.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Land sale');
  await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'Is a deposit safe?');
  await userEvent.click(screen.getByLabelText(/I agree that Mwamba/));
}

describe('ContactForm', () => {
  // First: the module cache is shared by the tests of this file.
  it('loads zod and the schema on the first focus in the form, not with the form', async () => {
    mockApi({});
    renderWithApp(<ContactForm />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(validationImports.count).toBe(0);
    await userEvent.click(screen.getByLabelText(/Full Name/));
    await waitFor(() => expect(validationImports.count).toBe(1));
  });

  it('starts empty: normal urgency, consent unticked, the honeypot outside the accessibility tree', () => {
    renderWithApp(<ContactForm />);
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(screen.getByLabelText('Urgency Level')).toHaveValue('normal');
    expect(screen.getByLabelText(/I agree that Mwamba/)).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    expect(document.getElementById('contact-website')).toHaveAttribute('tabindex', '-1');
  });

  it("says what is wrong under each field with the contract's field messages, focuses the first, and sends nothing", async () => {
    const calls = mockApi({});
    renderWithApp(<ContactForm />);
    await userEvent.type(screen.getByLabelText(/Email Address/), 'not-an-email');
    await userEvent.type(screen.getByLabelText(/Phone Number/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const name = screen.getByLabelText(/Full Name/);
    await waitFor(() => expect(name).toHaveAccessibleDescription('Full name is required'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(/Email Address/)).toHaveAccessibleDescription(
      'Invalid email address',
    );
    expect(screen.getByLabelText(/Phone Number/)).toHaveAccessibleDescription(
      'Invalid phone number',
    );
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveAccessibleDescription(
      'Subject is required',
    );
    // The message's limit is counted under it from the start (5,000 characters).
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveAccessibleDescription(
      'Message is required 0 of 5,000 characters',
    );
    expect(
      screen.getByText('Please agree to the privacy notice so we can reply to you'),
    ).toBeVisible();
    expect(calls).toHaveLength(0);

    // Once submitted, a field is checked again as it is corrected.
    await userEvent.type(name, 'Achieng');
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid'));
    expect(name).not.toHaveAccessibleDescription();
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveAccessibleDescription(
      'Subject is required',
    );
  });

  it('sends the checked values, shows the success message and empties the form', async () => {
    const calls = mockApi({ 'POST /contact-messages': [201, CREATED] });
    renderWithApp(<ContactForm />);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.contactSuccess);
    expect(calls).toEqual([
      {
        url: '/api/contact-messages',
        method: 'POST',
        body: {
          name: 'Achieng Odhiambo',
          email: 'achieng@example.co.ke',
          phone: '+254722123456',
          subject: 'Land sale',
          message: 'Is a deposit safe?',
          urgency: 'urgent',
          consent: true,
          website: '',
        },
      },
    ]);
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(screen.getByLabelText('Urgency Level')).toHaveValue('normal');
    expect(screen.getByLabelText(/I agree that Mwamba/)).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('brings the success message into view, announced and focused, with the reference', async () => {
    // jsdom lays nothing out and has no scrollIntoView: record what asks to be scrolled to.
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    mockApi({ 'POST /contact-messages': [201, CREATED] });
    renderWithApp(<ContactForm />);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const success = await screen.findByRole('status');
    expect(success).toHaveTextContent('Your reference: MW-7K3Q9');
    expect(success).toHaveTextContent('Quote it if you call us about this message.');
    await waitFor(() => expect(success).toHaveFocus());
    expect(scrolled).toEqual([success]);
  });

  it('shows Sending… while the message is on its way', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/contact-messages', async () => {
        await answered;
        return HttpResponse.json(CREATED, { status: 201 });
      }),
    );
    renderWithApp(<ContactForm />);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    answer();
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it("keeps what was typed when sending fails, and shows the server's field errors", async () => {
    mockApi({
      'POST /contact-messages': [
        400,
        {
          message: 'Please correct the highlighted fields',
          code: 'VALIDATION_ERROR',
          errors: { subject: 'Must be at most 200 characters' },
        },
      ],
    });
    renderWithApp(<ContactForm />);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your message was not sent: Please correct the highlighted fields.',
    );
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveAccessibleDescription(
      'Must be at most 200 characters',
    );
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Achieng Odhiambo');
    expect(screen.getByLabelText('Urgency Level')).toHaveValue('urgent');
    expect(screen.getByLabelText(/I agree that Mwamba/)).toBeChecked();
  });
});
