export * from './contact-messages';
export * from './users';
export * from './auth';
export * from './audit-log';
export * from './cases';
export * from './appointments';
export * from './profile';
