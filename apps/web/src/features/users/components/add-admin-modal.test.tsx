import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddAdminModal } from './add-admin-modal';
import { answerApi as mockFetch } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';

describe("Admin Overview's Add New Admin", () => {
  it('gives each empty field its own message', async () => {
    const calls = mockFetch(() => [500, {}]);
    renderWithApp(<AddAdminModal onClose={() => {}} />, { path: '/admin-management' });
    // Every rule the server applies is named before anything is refused.
    expect(screen.getByLabelText(/Temporary Password/)).toHaveAccessibleDescription(
      'At least 8 characters, on one line. The admin must change this password when they first sign in.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin' }));
    for (const text of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Password is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('needs a valid email and a password of at least 8 characters', async () => {
    mockFetch(() => [500, {}]);
    renderWithApp(<AddAdminModal onClose={() => {}} />, { path: '/admin-management' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'nope');
    await userEvent.type(screen.getByLabelText(/Temporary Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it("creates the admin with the chosen password and says 'Admin created successfully!'", async () => {
    const calls = mockFetch(() => [201, { success: true, message: 'Admin created successfully' }]);
    const onClose = vi.fn();
    renderWithApp(<AddAdminModal onClose={onClose} />, { path: '/admin-management' });
    await userEvent.type(screen.getByLabelText(/First Name/), 'Otieno');
    await userEvent.type(screen.getByLabelText(/Last Name/), 'Odhiambo');
    await userEvent.type(screen.getByLabelText(/^Email/), 'otieno@mwamba.test');
    await userEvent.type(screen.getByLabelText(/^Phone/), '0722 111 222');
    await userEvent.type(screen.getByLabelText(/Temporary Password/), 'welcome-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({
      firstName: 'Otieno',
      lastName: 'Odhiambo',
      email: 'otieno@mwamba.test',
      phone: '+254722111222',
      temporaryPassword: 'welcome-2026',
    });
    expect(await screen.findByText('Admin created successfully!')).toBeInTheDocument();
  });

  it('Generate fills a strong password, shows it to read out, and sends it', async () => {
    const calls = mockFetch(() => [201, { success: true, message: 'Admin created successfully' }]);
    const onClose = vi.fn();
    renderWithApp(<AddAdminModal onClose={onClose} />, { path: '/admin-management' });
    await userEvent.type(screen.getByLabelText(/First Name/), 'Wanjiru');
    await userEvent.type(screen.getByLabelText(/Last Name/), 'Kamau-Njoroge');
    await userEvent.type(screen.getByLabelText(/^Email/), 'wanjiru.kamau-njoroge@mwamba.test');
    await userEvent.type(screen.getByLabelText(/^Phone/), '0722 111 222');
    await userEvent.click(screen.getByRole('button', { name: 'Generate a strong password' }));
    const field = screen.getByLabelText(/Temporary Password/) as HTMLInputElement;
    expect(field).toHaveAttribute('type', 'text');
    expect(field.value).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{14}$/);
    expect(field).toHaveAccessibleDescription(/A strong password is filled in and shown/);
    await userEvent.click(screen.getByRole('button', { name: 'Create Admin' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.body).toMatchObject({ temporaryPassword: field.value });
  });
});
