import {
  CASE_FILE_RETENTION_YEARS,
  ENQUIRY_RETENTION_MONTHS,
  NOTIFICATION_RETENTION_MONTHS,
  DELIVERY_RETENTION_MONTHS,
  PRIVACY_NOTICE_VERSION,
  TOKEN_STORAGE_KEY,
} from '@firm/shared';
import { firm, mainOffice } from './firm';
import type { ProseSection } from './prose';

export interface Policy {
  title: string;
  updated: string;
  intro: string;
  sections: ProseSection[];
}

const DATA_PROTECTION_EMAIL = 'dataprotection@mwamba-advocates.co.ke';
const postalAddress = `${mainOffice.address}, ${mainOffice.city} ${mainOffice.postalCode}`;

/** Kenya Data Protection Act, 2019. Its version is stored with every consent given on our forms. */
export const privacyPolicy: Policy = {
  title: 'Privacy Policy',
  updated: PRIVACY_NOTICE_VERSION,
  intro: `${firm.name} (“we”) is the data controller of the personal data collected through this website and the client portal. This notice explains, as the Data Protection Act, 2019 requires, what we collect, why, how long we keep it, who receives it and how you exercise your rights.`,
  sections: [
    {
      heading: 'What we collect',
      paragraphs: ['We collect only what you give us, and what is needed to run the site safely:'],
      list: [
        'Contact form: your full name, email address, phone number (optional), urgency level, subject and message, the time you ticked the consent box and the version of this notice you agreed to, and the internet (IP) address the message came from.',
        'Consultation booking form: your name, email address, phone number, and the date, time, type and description of the appointment you ask for.',
        'Client portal: the account details your advocate creates for you (name, email, phone), your case and appointment records, and a sign-in session.',
        'Server logs: the IP address, time and address of each request, kept to protect the site against abuse.',
      ],
    },
    {
      heading: 'Why we use it, and on what basis',
      paragraphs: [
        'We use your contact and booking details to answer you, arrange the consultation and check for conflicts of interest before we act. The basis is your consent, given by ticking the box on the form, and the steps you ask us to take before engaging us (sections 30 and 32 of the Act).',
        'We use portal data to provide the legal services you instructed us on and to meet our duties as advocates. We use IP addresses and logs to limit abuse (for example, too many messages from one address) on the basis of our legitimate interest in keeping the service available.',
        'We do not use your data for marketing, we do not profile you and we never sell it.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [],
      list: [
        `Contact messages and booking requests that do not lead to instructions: deleted within ${ENQUIRY_RETENTION_MONTHS} months of the last exchange with you.`,
        `Case files (each case with its parties, documents, notes and history, including documents you upload to the portal) and messages that lead to instructions: kept for ${CASE_FILE_RETENTION_YEARS} years after the matter closes, as professional and tax rules require. They are never deleted automatically; an advocate reviews a file before it is destroyed. A case is closed, not deleted, so its file stays complete.`,
        `Portal notifications (the bell’s list of what happened on your cases, appointments and messages): deleted ${NOTIFICATION_RETENTION_MONTHS} months after they were sent. What they point to is kept as this list says.`,
        `Records of the emails and text messages we sent you (to whom, when, and whether they arrived): deleted ${DELIVERY_RETENTION_MONTHS} months after they were sent.`,
        'Server logs: 90 days.',
        'Portal accounts: until the account is deleted by your advocate or at your request; sign-in sessions expire after 12 hours, or 30 days if you chose “remember me”.',
      ],
    },
    {
      heading: 'Who receives it',
      paragraphs: [
        'Your message is read by our advocates and office staff, who are bound by advocate-client confidentiality. It is emailed to our office mailbox through our email provider and stored in the firm’s own database. Text messages about your appointments, court dates and messages reach your phone through our SMS provider, Africa’s Talking, which receives your number and the text. We share personal data with others only when the law requires it (for example a court order) or with your consent.',
        'If you choose to chat with us on WhatsApp, your message goes through WhatsApp (Meta Platforms) under its own privacy policy. Office maps are drawn from OpenStreetMap, whose tile servers see your IP address when a page with a map is opened.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'Under section 26 of the Act you have the right to be informed of how your data is used, to access it, to object to its processing, and to have false or misleading data corrected or deleted. You may withdraw your consent at any time; this does not affect what we did before.',
        `To exercise any of these rights, email ${DATA_PROTECTION_EMAIL} or write to us at ${postalAddress}. We will confirm who you are and answer within 7 days where the law requires it, and in any case within 30 days. There is no charge.`,
        'If you are not satisfied with our answer, you may complain to the Office of the Data Protection Commissioner (www.odpc.go.ke).',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'The site is served over an encrypted connection. Passwords are stored only as salted hashes, access to client records is limited to the people working on the matter, and every change to accounts and case files is recorded.',
      ],
    },
    {
      heading: 'Changes to this notice',
      paragraphs: [
        'When we change this notice materially we change its version date above. The version you agreed to is stored with your message.',
      ],
    },
  ],
};

export const termsOfService: Policy = {
  title: 'Terms of Service',
  updated: PRIVACY_NOTICE_VERSION,
  intro: `These terms govern your use of the ${firm.name} website and client portal. By using them you accept these terms.`,
  sections: [
    {
      heading: 'Information, not legal advice',
      paragraphs: [
        'The articles, guides, forms and answers on this site are general information about Kenyan law. They are not legal advice and may not apply to your situation. Take advice from an advocate before acting.',
      ],
    },
    {
      heading: 'No advocate-client relationship until we agree one',
      paragraphs: [
        'Sending us a message, booking a consultation or chatting with us does not make us your advocates. That relationship begins only when we confirm in writing that we will act for you, after a conflict check. Until then, do not send us confidential documents you cannot afford to have read by someone who may end up acting for the other side.',
      ],
    },
    {
      heading: 'Fees',
      paragraphs: [
        'The free 15-minute preliminary call and the 30-minute initial consultation at KES 5,000 are described on this site. Fees for any further work are agreed with you in writing before the work starts, in line with the Advocates (Remuneration) Order.',
      ],
    },
    {
      heading: 'The client portal',
      paragraphs: [
        'Portal accounts are created by the firm. Keep your password secret and tell us at once if you think someone else has used your account. You may use the portal only for your own matters.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['You must not:'],
      list: [
        'try to reach data or accounts that are not yours, or test the security of the site without our written permission;',
        'send unlawful, abusive or automated messages through our forms;',
        'copy the site’s content for commercial use without our permission.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'We take care to keep the site accurate and available, but we do not guarantee either. To the extent the law allows, we are not liable for loss caused by relying on the site’s general information. Nothing in these terms limits our professional duties to our clients.',
      ],
    },
    {
      heading: 'Law and courts',
      paragraphs: [
        'These terms are governed by the laws of Kenya, and the courts of Kenya have jurisdiction over any dispute about them.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Questions about these terms: ${firm.email}, ${firm.phone}, ${postalAddress}.`],
    },
  ],
};

export const cookiePolicy: Policy = {
  title: 'Cookie Policy',
  updated: PRIVACY_NOTICE_VERSION,
  intro:
    'This site sets no cookies at all: no analytics, advertising or tracking cookies, and no cookies from other companies. This page lists the little it stores in your browser, and why.',
  sections: [
    {
      heading: 'What we store in your browser',
      paragraphs: [],
      list: [
        `Signed-in users only: a session token in your browser’s local storage, under the name “${TOKEN_STORAGE_KEY}”. It keeps you signed in to the client portal and is sent only to this site. It is removed when you sign out, and the server stops accepting it after 12 hours (30 days with “remember me”). Visitors who do not sign in have nothing stored.`,
      ],
    },
    {
      heading: 'What we do not do',
      paragraphs: [
        'We do not use Google Analytics or any other tracking tool, we do not show advertisements and we do not build a profile of your visits. Because we set no optional cookies, there is no cookie banner to accept.',
      ],
    },
    {
      heading: 'Other services you may reach from our pages',
      paragraphs: [
        'Pages with an office map load map images from OpenStreetMap’s tile servers, which see your IP address but set no cookies through our pages. Links to WhatsApp, Google Maps directions or OpenStreetMap open those services, which have their own cookie policies.',
      ],
    },
    {
      heading: 'Removing stored data',
      paragraphs: [
        'Signing out removes the session token. You can also clear this site’s data in your browser’s settings at any time. For anything else, see our Privacy Policy.',
      ],
    },
  ],
};
