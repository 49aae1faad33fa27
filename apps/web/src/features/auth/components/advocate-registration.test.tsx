import { AUTH_MESSAGES } from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { AdvocateRegistration } from './advocate-registration';
import { anAdvocate } from '../../../testing/people';

const advocate = anAdvocate({ phone: '+254712345678' });

const verified = {
  success: true,
  message: 'Super key verified! You can now complete advocate registration.',
};

async function verifyKey(key = 'the-right-key-123') {
  await userEvent.type(screen.getByLabelText(/^Super key/), key);
  await userEvent.click(screen.getByRole('button', { name: 'Verify super key' }));
}

/** Pastes instead of typing key by key: the form is long and the machines are slow. */
async function fill(element: HTMLElement, value: string) {
  await userEvent.click(element);
  await userEvent.paste(value);
}

async function fillValidForm() {
  const form = screen.getByRole('form', { name: 'Advocate details' });
  const field = (label: RegExp) => within(form).getByLabelText(label);
  await fill(field(/^First name/), 'Wanjiru');
  await fill(field(/^Last name/), 'Kamau');
  await fill(field(/^Email address/), 'wanjiru@mwamba.test');
  await fill(field(/^Phone number/), '0712 345 678');
  await fill(field(/^License number/), 'LSK/2011/0457');
  await fill(field(/^Years of experience/), '14');
  await fill(field(/^Education/), 'LLB, University of Nairobi');
  await fill(field(/^Bar admission/), 'Admitted 2011');
  await userEvent.click(field(/^Family Law/));
  await fill(field(/^Other specializations/), 'Mining Law, Family Law');
  await fill(field(/^Password/), 'Str0ngPassw0rd');
  await fill(field(/^Confirm password/), 'Str0ngPassw0rd');
  await userEvent.click(field(/I accept the/));
}

// Many fields per test: give them room on a busy 2-core machine.
describe('AdvocateRegistration', { timeout: 20_000 }, () => {
  it('shows the form only after the server accepts the key; a wrong key shows the error', async () => {
    let accept = false;
    const calls = mockApi({
      'POST /auth/verify-super-key': () =>
        accept
          ? [200, verified]
          : [401, { message: 'Invalid super key. Contact system administrator.' }],
    });
    renderWithApp(<AdvocateRegistration />);
    expect(screen.queryByRole('form', { name: 'Advocate details' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Verify super key' }));
    expect(screen.getByLabelText(/^Super key/)).toHaveAccessibleDescription(
      expect.stringContaining('Super key is required'),
    );
    expect(calls).toHaveLength(0);

    await verifyKey('wrong-key');
    expect(
      await screen.findAllByText('Invalid super key. Contact system administrator.'),
    ).not.toHaveLength(0);
    expect(screen.queryByRole('form', { name: 'Advocate details' })).toBeNull();

    accept = true;
    await userEvent.clear(screen.getByLabelText(/^Super key/));
    await verifyKey();
    expect(await screen.findByRole('form', { name: 'Advocate details' })).toBeVisible();
    expect(calls.at(-1)).toMatchObject({ body: { superKey: 'the-right-key-123' } });
    // The success took the error toast's place: no "Invalid super key" beside it.
    expect(await screen.findByText(verified.message)).toBeInTheDocument();
    expect(screen.queryByText('Invalid super key. Contact system administrator.')).toBeNull();
  });

  it('tells the first advocate of a fresh install where the key is, not to contact anyone', async () => {
    const firstStart = AUTH_MESSAGES.superKeyInvalidFirstStart.file;
    mockApi({
      'POST /auth/verify-super-key': [401, { message: firstStart, code: 'INVALID_SUPER_KEY' }],
    });
    renderWithApp(<AdvocateRegistration />);
    await verifyKey('wrong-key');
    const field = screen.getByLabelText(/^Super key/);
    await vi.waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('DATA_DIR/advocate-super-key'),
      ),
    );
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(
        "Invalid super key. No advocate has registered yet, so you are setting up the portal as its owner. The key was created when the server first started and is in the file advocate-super-key in the server's data folder (DATA_DIR/advocate-super-key). Open that file on the server, copy the key and try again.",
      ),
    );
    expect(screen.queryByText(/Contact system administrator/)).toBeNull();
    expect(screen.queryByRole('form', { name: 'Advocate details' })).toBeNull();
  });

  it('shows every one of the registration messages', async () => {
    mockApi({ 'POST /auth/verify-super-key': [200, verified] });
    renderWithApp(<AdvocateRegistration />);
    await verifyKey();
    const form = await screen.findByRole('form', { name: 'Advocate details' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create advocate account' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'License number is required',
      'Experience is required',
      'Education background is required',
      'Bar admission details are required',
      'At least one specialization is required',
      'Password is required',
      'Please confirm your password',
      'You must accept the terms and conditions',
    ]) {
      expect(await within(form).findByText(message)).toBeVisible();
    }

    await userEvent.type(within(form).getByLabelText(/^Phone number/), 'call me');
    await userEvent.type(within(form).getByLabelText(/^Years of experience/), '-2');
    await userEvent.type(within(form).getByLabelText(/^Password/), 'password');
    await userEvent.type(within(form).getByLabelText(/^Confirm password/), 'different');
    await userEvent.click(within(form).getByRole('button', { name: 'Create advocate account' }));
    expect(await within(form).findByText('Invalid phone number')).toBeVisible();
    expect(within(form).getByText('Experience cannot be negative')).toBeVisible();
    expect(
      within(form).getByText(
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeVisible();
    expect(within(form).getByText('Passwords do not match')).toBeVisible();
    expect(within(form).getByLabelText(/^Phone number/)).toHaveAccessibleDescription(
      'Invalid phone number',
    );
  });

  it('refuses to submit once the key has been changed after verification', async () => {
    const calls = mockApi({ 'POST /auth/verify-super-key': [200, verified] });
    renderWithApp(<AdvocateRegistration />);
    await verifyKey();
    await fillValidForm();
    await userEvent.type(screen.getByLabelText(/^Super key/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Create advocate account' }));
    expect(await screen.findByText('Please verify the super key first')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/auth/register')).toHaveLength(0);
  });

  it('registers the first advocate and signs them in', async () => {
    const calls = mockApi({
      'POST /auth/verify-super-key': [200, verified],
      'POST /auth/register': [201, { token: 'tok-1', user: advocate }],
    });
    renderWithApp(<AdvocateRegistration />);
    await verifyKey();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create advocate account' }));
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(calls.at(-1)!.body).toEqual({
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      email: 'wanjiru@mwamba.test',
      phone: '+254712345678',
      password: 'Str0ngPassw0rd',
      licenseNumber: 'LSK/2011/0457',
      specialization: ['Family Law', 'Mining Law'],
      experience: 14,
      education: 'LLB, University of Nairobi',
      barAdmission: 'Admitted 2011',
      superKey: 'the-right-key-123',
    });
  });

  it('tells a later advocate that an existing advocate must verify the account', async () => {
    mockApi({
      'POST /auth/verify-super-key': [200, verified],
      'POST /auth/register': [
        202,
        {
          message:
            'Registration received. An existing advocate must verify your account before you can sign in.',
          user: { ...advocate, isActive: false, verificationStatus: 'pending' },
        },
      ],
    });
    renderWithApp(<AdvocateRegistration />);
    await verifyKey();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create advocate account' }));
    expect(await screen.findByRole('heading', { name: 'Awaiting verification' })).toBeVisible();
    expect(
      screen.getByText(
        'Registration received. An existing advocate must verify your account before you can sign in.',
      ),
    ).toBeVisible();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
