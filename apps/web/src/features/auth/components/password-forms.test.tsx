import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { ChangePasswordForm } from './change-password-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

describe('ForgotPasswordForm', () => {
  it('validates the email, then shows the generic confirmation', async () => {
    const message =
      'If an account exists for that email, we have sent a link to reset the password. The link is valid for one hour.';
    mockApi({ 'POST /auth/forgot-password': [200, { success: true, message }] });
    renderWithApp(<ForgotPasswordForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    // The resolver validates asynchronously: the message follows the click, not with it.
    await waitFor(() =>
      expect(screen.getByLabelText(/Email address/)).toHaveAccessibleDescription(
        'Email is required',
      ),
    );
    await userEvent.type(screen.getByLabelText(/Email address/), 'amani@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(message);
  });
});

describe('ResetPasswordForm', () => {
  it('applies the registration rules and the confirmation', async () => {
    const calls = mockApi({
      'POST /auth/reset-password': [
        200,
        { success: true, message: 'Your password has been reset.' },
      ],
    });
    const { router } = renderWithApp(<ResetPasswordForm token="abc" />, {
      path: '/reset-password',
    });
    await userEvent.type(screen.getByLabelText(/^New password/), 'short');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeVisible();
    expect(screen.getByText('Passwords do not match')).toBeVisible();

    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'N3wPassword');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'N3wPassword');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[0]!.body).toEqual({ token: 'abc', password: 'N3wPassword' });
  });

  it('says a link without a token is invalid', () => {
    renderWithApp(<ResetPasswordForm token={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is invalid');
  });
});

describe('ChangePasswordForm', () => {
  it('asks for the current password and a new, different, confirmed one', async () => {
    const calls = mockApi({});
    renderWithApp(<ChangePasswordForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription(
      'Current password is required',
    );
    await userEvent.type(screen.getByLabelText(/^Current password/), 'Same1234');
    await userEvent.type(screen.getByLabelText(/^New password/), 'Same1234');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Same1234');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('The new password must be different from the current one'),
    ).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it("puts the server's wrong-current-password message under the field", async () => {
    mockApi({
      'POST /auth/change-password': [
        400,
        {
          message: 'Current password is incorrect',
          errors: { currentPassword: 'Current password is incorrect' },
        },
      ],
    });
    renderWithApp(<ChangePasswordForm />);
    await userEvent.type(screen.getByLabelText(/^Current password/), 'Wrong1234');
    await userEvent.type(screen.getByLabelText(/^New password/), 'N3wPassword');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'N3wPassword');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription(
        'Current password is incorrect',
      ),
    );
  });
});
