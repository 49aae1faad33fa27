import type { ResourceArticleSlug } from '@firm/shared';
import { consultation } from './firm';
import type { ProseSection } from './prose';

export type ResourceCategory = 'articles' | 'guides' | 'forms';

/** The Resource entity of docs/product-rules.md#records, plus the article body for 'Read More'. */
export interface Resource {
  id: string;
  title: string;
  category: ResourceCategory;
  type: 'article' | 'guide' | 'form';
  description: string;
  readTime: string;
  downloadUrl: string | null;
  isDownloadable: boolean;
  /** Articles and guides: their own page. */
  slug?: ResourceArticleSlug;
}

export const RESOURCE_CATEGORIES: { value: 'all' | ResourceCategory | 'faqs'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'articles', label: 'Articles' },
  { value: 'guides', label: 'Guides' },
  { value: 'forms', label: 'Forms' },
  { value: 'faqs', label: 'FAQs' },
];

export const resources: Resource[] = [
  {
    id: 'will',
    title: 'Making a Valid Will in Kenya',
    category: 'articles',
    type: 'article',
    description:
      'What the Law of Succession Act requires for a will to be valid, who can witness it and where to keep it.',
    readTime: '6 min read',
    downloadUrl: null,
    isDownloadable: false,
    slug: 'making-a-valid-will-in-kenya',
  },
  {
    id: 'unfair-termination',
    title: 'Unfair Termination: Your Rights Under the Employment Act',
    category: 'articles',
    type: 'article',
    description:
      'When a dismissal is unfair, what compensation the Employment and Labour Relations Court can award and how long you have to claim.',
    readTime: '7 min read',
    downloadUrl: null,
    isDownloadable: false,
    slug: 'unfair-termination-your-rights',
  },
  {
    id: 'buying-land',
    title: 'Buying Land in Kenya: A Step-by-Step Guide',
    category: 'guides',
    type: 'guide',
    description:
      'Searches, sale agreement, land control board consent, stamp duty and registration: the safe order of a land purchase.',
    readTime: '10 min read',
    downloadUrl: null,
    isDownloadable: false,
    slug: 'buying-land-in-kenya',
  },
  {
    id: 'succession',
    title: 'Succession: How to Administer an Estate',
    category: 'guides',
    type: 'guide',
    description:
      'From the death certificate to the confirmed grant: how a family applies for letters of administration and shares the estate.',
    readTime: '9 min read',
    downloadUrl: null,
    isDownloadable: false,
    slug: 'succession-administering-an-estate',
  },
  {
    id: 'intake-form',
    title: 'Client Consultation Intake Form',
    category: 'forms',
    type: 'form',
    description:
      'Fill this in before your consultation so that the advocate can prepare: your details, the other parties and a short account of the matter.',
    readTime: '2 pages',
    downloadUrl: '/forms/client-consultation-intake-form.pdf',
    isDownloadable: true,
  },
  {
    id: 'land-checklist',
    title: 'Land Purchase Due Diligence Checklist',
    category: 'forms',
    type: 'form',
    description:
      'Every document and search to complete before paying for land, to tick off with your advocate.',
    readTime: '1 page',
    downloadUrl: '/forms/land-purchase-due-diligence-checklist.pdf',
    isDownloadable: true,
  },
];

/** The four FAQs of the resources page (docs/product-rules.md#screens, #limits). */
export const faqs = [
  {
    question: 'How much does a consultation cost?',
    answer: `${consultation.summary} The consultation fee is deducted from our fees if you instruct us on the matter.`,
  },
  {
    question: 'How long will my case take?',
    answer:
      'Simple matters, such as a demand letter or a contract review, usually take 2-4 weeks. Complex matters that go to trial take 6 months to 2 years, depending on the court’s calendar.',
  },
  {
    question: 'How can I pay?',
    answer:
      'By M-Pesa (our paybill number is on every invoice), bank transfer or cheque. We agree the fee with you in writing before work starts.',
  },
  {
    question: 'What should I bring to my first meeting?',
    answer:
      'Your national ID or passport, and every document about the matter: letters, contracts, title documents, court papers, photographs. Our intake form helps you prepare.',
  },
];

export interface Article {
  slug: ResourceArticleSlug;
  resourceId: Resource['id'];
  summary: string;
  sections: ProseSection[];
}

/** The full text behind 'Read More'. */
export const articles: Record<ResourceArticleSlug, Article> = {
  'making-a-valid-will-in-kenya': {
    slug: 'making-a-valid-will-in-kenya',
    resourceId: 'will',
    summary:
      'A will lets you decide who inherits your property and who looks after your children. Under the Law of Succession Act (Cap. 160) it is simple to make one, but easy to get wrong.',
    sections: [
      {
        heading: 'Who can make a will',
        paragraphs: [
          'Any adult of sound mind can make a will. A will made under pressure, by fraud or while the person could not understand what they were doing can be set aside by the court.',
        ],
      },
      {
        heading: 'What makes a written will valid',
        paragraphs: [
          'Section 11 of the Law of Succession Act sets the formalities. Missing any one of them can make the will invalid.',
        ],
        list: [
          'It must be signed by you, or by someone at your direction in your presence.',
          'The signature must show that you intended the document to be your will.',
          'Two or more competent witnesses must see you sign, and each must sign in your presence.',
          'A witness, or the spouse of a witness, should not be a beneficiary: the gift to them may fail.',
        ],
      },
      {
        heading: 'Oral wills',
        paragraphs: [
          'Kenyan law recognises an oral will made before two witnesses, but only if the person dies within three months of making it. Oral wills cause disputes; a written will is far safer.',
        ],
      },
      {
        heading: 'Providing for dependants',
        paragraphs: [
          'You may leave your property to whoever you choose, but a spouse, child or other dependant you were maintaining can ask the court for reasonable provision under section 26 if the will leaves them nothing. Explaining your reasons in the will helps.',
        ],
      },
      {
        heading: 'Keeping your will safe',
        paragraphs: [
          'Keep the original with your advocate or deposit it with the Principal Registrar of the High Court. Tell your executor where it is. Review it after marriage, divorce, the birth of a child or a major purchase.',
        ],
      },
    ],
  },
  'unfair-termination-your-rights': {
    slug: 'unfair-termination-your-rights',
    resourceId: 'unfair-termination',
    summary:
      'The Employment Act, 2007 protects employees against dismissal without a valid reason or a fair procedure. Here is what the law requires and what you can claim.',
    sections: [
      {
        heading: 'A valid reason and a fair procedure',
        paragraphs: [
          'Under section 45 a termination is unfair if the employer cannot prove a valid reason (your conduct, capacity or compatibility, or the employer’s operational needs) or did not follow a fair procedure.',
          'Section 41 requires the employer to explain the reason to you, in a language you understand, and to hear your side with a colleague or union representative present, before dismissing you for misconduct or poor performance.',
        ],
      },
      {
        heading: 'What you can claim',
        paragraphs: [
          'If the Employment and Labour Relations Court finds the termination unfair, section 49 lets it order:',
        ],
        list: [
          'Compensation of up to twelve months’ gross salary',
          'Pay in lieu of notice',
          'Wages for days worked, leave not taken and any other dues',
          'In some cases, reinstatement or re-engagement',
        ],
      },
      {
        heading: 'Time limits',
        paragraphs: [
          'Claims must be filed within three years of the dismissal (section 90). You may first report the dispute to the county labour officer for conciliation, which is free.',
        ],
      },
      {
        heading: 'What to do now',
        paragraphs: [
          'Keep your contract, appointment and termination letters, payslips and any messages from your employer. Do not sign a discharge or settlement until you have taken advice.',
        ],
      },
    ],
  },
  'buying-land-in-kenya': {
    slug: 'buying-land-in-kenya',
    resourceId: 'buying-land',
    summary:
      'Land fraud is common in Kenya, and money paid to the wrong person is rarely recovered. Follow these steps, in this order, and pay nothing before the searches are clean.',
    sections: [
      {
        heading: '1. Check the title and the seller',
        paragraphs: [
          'Get a copy of the title and the seller’s ID and KRA PIN. Run an official search at the land registry or on Ardhisasa to confirm the registered owner and any charges, cautions or restrictions.',
        ],
      },
      {
        heading: '2. Visit the land and check the survey',
        paragraphs: [
          'Visit with a licensed surveyor, compare the beacons with the registry index map and talk to neighbours. Confirm with the county that land rates are paid and the zoning allows what you plan to build.',
        ],
      },
      {
        heading: '3. Sign a sale agreement',
        paragraphs: [
          'The agreement sets the price, the deposit (usually 10%), the completion date and what happens if either side defaults. Your advocate holds the deposit until the documents are ready.',
        ],
      },
      {
        heading: '4. Consents, valuation and stamp duty',
        paragraphs: [
          'Agricultural land needs the consent of the land control board. The land is valued by the government valuer, and stamp duty (4% in a municipality, 2% outside) is paid through iTax.',
        ],
      },
      {
        heading: '5. Register the transfer',
        paragraphs: [
          'The transfer, the seller’s original title and the clearance certificates are lodged at the registry. When it is registered, the title is issued in your name and the balance is released to the seller.',
        ],
        list: [
          'Typical time: two to four months',
          'Typical costs: stamp duty, registration fees, advocate’s fees under the Advocates (Remuneration) Order',
        ],
      },
    ],
  },
  'succession-administering-an-estate': {
    slug: 'succession-administering-an-estate',
    resourceId: 'succession',
    summary:
      'Nobody may deal with a deceased person’s property without a grant from the court. This guide explains how the family obtains one and shares the estate lawfully.',
    sections: [
      {
        heading: 'Before you apply',
        paragraphs: [
          'Obtain the death certificate and a letter from the area chief listing the surviving spouse, children and other dependants. List the assets (land, accounts, vehicles, shares) and the debts.',
        ],
      },
      {
        heading: 'Which grant',
        paragraphs: [
          'If there is a will, the executor applies for a grant of probate. Without a will, the closest relatives apply for letters of administration. Smaller estates may be handled in a Magistrates’ Court within its monetary limits; larger estates, and any estate with a contested will, in the High Court.',
        ],
      },
      {
        heading: 'Gazettement and objections',
        paragraphs: [
          'The court publishes the application in the Kenya Gazette. Anyone who objects has thirty days to do so. If no one objects, the grant is issued.',
        ],
      },
      {
        heading: 'Confirmation of the grant',
        paragraphs: [
          'Six months after the grant is issued, the administrators apply for confirmation, showing how the estate will be shared. All beneficiaries should consent in writing. Only a confirmed grant lets you transfer land and close accounts.',
        ],
      },
      {
        heading: 'Distribution',
        paragraphs: [
          'The administrators pay the debts, transfer the assets as the confirmed grant says, and account to the court. Taking property before confirmation is intermeddling, an offence under section 45.',
        ],
      },
    ],
  },
};
