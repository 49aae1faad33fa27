import { eq } from 'drizzle-orm';
import { USER_MANAGEMENT_MESSAGES, NO_ADMIN_PERMISSIONS } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { bearer, enrolTotp, seedUser, sessionFor } from '../../../test/accounts';
import { useAccountsTestContext, ctx, advocate, call } from './accounts-test-kit';

/** Creating accounts: admins, clients and advocates. */

useAccountsTestContext();

const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: '10.7.0.9',
  });
const auditRows = (action: string) =>
  ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('creating accounts and listing them', () => {
  describe('POST /create-admin', () => {
    it('answers 201 with the user and a generated temporary password meeting the policy', async () => {
      const response = await call('POST', '/create-admin', {
        firstName: ' Njeri ',
        lastName: 'Mwangi',
        email: 'Njeri@Mwamba.test',
        phone: '0722 111 222',
        permissions: { canOpenFiles: true, canAdmitClients: true },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        success: true,
        message: 'Admin created successfully',
        user: {
          id: expect.any(String),
          firstName: 'Njeri',
          lastName: 'Mwangi',
          email: 'njeri@mwamba.test',
          phone: '+254722111222',
          role: 'admin',
          isActive: true,
          createdAt: expect.any(String),
          lastLogin: null,
          mustChangePassword: true,
          permissions: { ...NO_ADMIN_PERMISSIONS, canOpenFiles: true, canAdmitClients: true },
        },
        temporaryPassword: expect.any(String),
      });
      expect(body.temporaryPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{14}$/);

      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, body.user.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row!.passwordHash).not.toContain(body.temporaryPassword);

      const [audit] = await auditRows('user.created');
      expect(audit).toMatchObject({
        actorId: advocate.id,
        targetUserId: body.user.id,
        ip: '10.7.0.5',
        details: {
          email: 'njeri@mwamba.test',
          role: 'admin',
          permissions: body.user.permissions,
          passwordSupplied: false,
        },
      });
      expect(JSON.stringify(audit!.details)).not.toContain(body.temporaryPassword);
    });

    it('makes every generated password different', async () => {
      const passwords = new Set<string>();
      for (let i = 0; i < 3; i += 1) {
        const response = await call('POST', '/create-admin', {
          firstName: 'A',
          lastName: 'B',
          email: `admin${i}@mwamba.test`,
        });
        passwords.add(response.json().temporaryPassword);
      }
      expect(passwords.size).toBe(3);
    });

    it('leaves permissions off unless granted, and accepts no phone', async () => {
      const response = await call('POST', '/create-admin', {
        firstName: 'Otieno',
        lastName: 'Odhiambo',
        email: 'otieno@mwamba.test',
        phone: '',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().user).toMatchObject({
        phone: null,
        permissions: NO_ADMIN_PERMISSIONS,
      });
    });

    it("uses the advocate's own temporary password when given (the Admin Overview form)", async () => {
      const response = await call('POST', '/create-admin', {
        firstName: 'Akinyi',
        lastName: 'Were',
        email: 'akinyi@mwamba.test',
        phone: '0711000222',
        temporaryPassword: 'welcome-2026',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().temporaryPassword).toBe('welcome-2026');
      const [audit] = await auditRows('user.created');
      expect(audit!.details).toMatchObject({ passwordSupplied: true });

      const short = await call('POST', '/create-admin', {
        firstName: 'Akinyi',
        lastName: 'Were',
        email: 'akinyi2@mwamba.test',
        temporaryPassword: 'short',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        message: 'Password must be at least 8 characters',
        errors: { temporaryPassword: 'Password must be at least 8 characters' },
      });
    });

    it('the new admin signs in with the temporary password and must change it first', async () => {
      const created = (
        await call('POST', '/create-admin', {
          firstName: 'Wafula',
          lastName: 'Chebet',
          email: 'wafula@mwamba.test',
          permissions: { canAdmitClients: true },
        })
      ).json();
      const signedIn = await login('wafula@mwamba.test', created.temporaryPassword);
      expect(signedIn.statusCode).toBe(200);
      const token = signedIn.json().token as string;
      const held = await call('GET', '/users', undefined, token);
      expect(held.statusCode).toBe(403);
      expect(held.json().code).toBe('PASSWORD_CHANGE_REQUIRED');

      const changed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(token),
        payload: { currentPassword: created.temporaryPassword, newPassword: 'N3w-Passw0rd' },
      });
      expect(changed.statusCode).toBe(200);
      // Then a second factor, as all staff (ADR 037); then the toggles apply.
      const gated = await call('GET', '/users', undefined, token);
      expect(gated.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
      await enrolTotp(ctx, token);
      expect((await call('GET', '/users', undefined, token)).statusCode).toBe(200);
    });

    it("answers 400 'Please fill in all required fields' with a message per field", async () => {
      const response = await call('POST', '/create-admin', { phone: '0722000111' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Please fill in all required fields',
        code: 'VALIDATION_ERROR',
        errors: {
          firstName: 'First name is required',
          lastName: 'Last name is required',
          email: 'Email is required',
        },
      });
      const blank = await call('POST', '/create-admin', {
        firstName: '  ',
        lastName: 'Mwangi',
        email: 'x@mwamba.test',
      });
      expect(blank.json()).toMatchObject({
        message: 'Please fill in all required fields',
        errors: { firstName: 'First name is required' },
      });
    });

    it('names the field when it is given but wrong', async () => {
      const response = await call('POST', '/create-admin', {
        firstName: 'Njeri',
        lastName: 'Mwangi',
        email: 'not-an-email',
        phone: '12ab',
        permissions: { canOpenFiles: 'yes' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        email: 'Invalid email address',
        phone: 'Invalid phone number',
        'permissions.canOpenFiles': USER_MANAGEMENT_MESSAGES.permissionsIncomplete,
      });
    });

    it('answers 409 for an email that already has an account, whatever its case', async () => {
      await seedUser(ctx, { role: 'client', email: 'taken@mwamba.test' });
      const response = await call('POST', '/create-admin', {
        firstName: 'A',
        lastName: 'B',
        email: 'TAKEN@mwamba.test',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'An account with this email already exists',
        code: 'EMAIL_TAKEN',
      });
    });

    it('ignores a role or isActive in the body', async () => {
      const response = await call('POST', '/create-admin', {
        firstName: 'A',
        lastName: 'B',
        email: 'sneaky@mwamba.test',
        role: 'advocate',
        isActive: false,
      });
      expect(response.json().user).toMatchObject({ role: 'admin', isActive: true });
    });
  });

  describe('POST /create-client', () => {
    it('lets an advocate, and an admin allowed to admit clients, create a client', async () => {
      const byAdvocate = await call('POST', '/create-client', {
        firstName: 'Kariuki',
        lastName: 'Njoroge',
        email: 'kariuki@example.test',
        phone: '+254 733 444 555',
      });
      expect(byAdvocate.statusCode).toBe(201);
      expect(byAdvocate.json()).toMatchObject({
        success: true,
        message: 'Client created successfully',
        user: { role: 'client', phone: '+254733444555', mustChangePassword: true },
        temporaryPassword: expect.stringMatching(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{14}$/),
      });
      expect(byAdvocate.json().user).not.toHaveProperty('permissions');

      const admin = await seedUser(ctx, {
        role: 'admin',
        email: 'admit@mwamba.test',
        permissions: { canAdmitClients: true },
      });
      const byAdmin = await call(
        'POST',
        '/create-client',
        { firstName: 'Moraa', lastName: 'Kerubo', email: 'moraa@example.test' },
        await sessionFor(ctx, admin),
      );
      expect(byAdmin.statusCode).toBe(201);
      const audits = await auditRows('user.created');
      expect(audits.map((row) => row.actorId).sort()).toEqual([advocate.id, admin.id].sort());
    });

    it('has the same required-field answer', async () => {
      const response = await call('POST', '/create-client', { firstName: 'Only' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please fill in all required fields',
        errors: { lastName: 'Last name is required', email: 'Email is required' },
      });
    });
  });

  describe('POST /create-advocate', () => {
    const payload = {
      firstName: 'Achieng',
      lastName: 'Onyango',
      email: 'achieng@mwamba.test',
      phone: '0700 123 456',
      licenseNumber: 'LSK/2015/0099',
      specialization: ['Employment Law'],
      experience: 10,
      education: 'LLB, Moi University',
      barAdmission: 'Admitted 2015',
      password: 'ignored-Passw0rd',
      role: 'client',
    };

    it('adds a verified, active advocate with a temporary password', async () => {
      const response = await call('POST', '/create-advocate', payload);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        message: 'Advocate account created successfully!',
        user: {
          role: 'advocate',
          isActive: true,
          verificationStatus: 'verified',
          mustChangePassword: true,
          phone: '+254700123456',
          licenseNumber: 'LSK/2015/0099',
          specialization: ['Employment Law'],
          experience: 10,
        },
      });
      // The temporary password signs in; a password in the body does not.
      expect((await login(payload.email, body.temporaryPassword)).statusCode).toBe(200);
      expect((await login(payload.email, payload.password)).statusCode).toBe(401);
    });

    it('requires the advocate fields', async () => {
      const response = await call('POST', '/create-advocate', { firstName: 'A' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please fill in all required fields',
        errors: {
          lastName: 'Last name is required',
          email: 'Email is required',
          phone: 'Phone number is required',
          licenseNumber: 'License number is required',
          experience: 'Experience is required',
          education: 'Education background is required',
          barAdmission: 'Bar admission details are required',
          specialization: 'At least one specialization is required',
        },
      });
    });
  });
});
