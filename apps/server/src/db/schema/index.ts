export * from './contact-messages';
