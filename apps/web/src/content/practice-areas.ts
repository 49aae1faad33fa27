import type { PracticeAreaSlug } from '@firm/shared';

/** One of the nine practice areas of docs/product-rules.md#screens: a description and four key services. */
export interface PracticeArea {
  id: string;
  title: string;
  description: string;
  services: [string, string, string, string];
  /** The area's own page, for the five that have one. */
  detailSlug?: PracticeAreaSlug;
}

export const practiceAreas: PracticeArea[] = [
  {
    id: 'criminal',
    title: 'Criminal Law',
    description:
      'Defence from the moment of arrest to the final appeal, in the Magistrates’ Courts, the High Court and the Court of Appeal.',
    services: [
      'Police bond and court bail applications',
      'Defence at trial and plea negotiations',
      'Appeals and revisions',
      'Representation of victims under the Victim Protection Act',
    ],
    detailSlug: 'criminal-defense',
  },
  {
    id: 'corporate',
    title: 'Corporate Law',
    description:
      'Company formation, governance and commercial transactions for start-ups, SMEs and established Kenyan businesses.',
    services: [
      'Company registration on the Business Registration Service eCitizen portal',
      'Shareholder and joint-venture agreements',
      'Compliance under the Companies Act, 2015',
      'Mergers, acquisitions and due diligence',
    ],
    detailSlug: 'corporate-law',
  },
  {
    id: 'family',
    title: 'Family Law',
    description:
      'Sensitive, discreet advice on marriage, divorce, children and inheritance, with mediation wherever it serves the family.',
    services: [
      'Divorce and separation under the Marriage Act, 2014',
      'Child custody, access and maintenance',
      'Matrimonial property division',
      'Wills, succession and letters of administration',
    ],
    detailSlug: 'family-law',
  },
  {
    id: 'personal-injury',
    title: 'Personal Injury',
    description:
      'Compensation claims for people hurt on the road, at work or through negligence, pursued against insurers and employers.',
    services: [
      'Road traffic accident claims',
      'Work injury claims under the Work Injury Benefits Act',
      'Medical negligence claims',
      'Negotiation with insurers and court action',
    ],
  },
  {
    id: 'immigration',
    title: 'Immigration Law',
    description:
      'Work permits, residence and citizenship for foreign nationals, employers and Kenyan families with members abroad.',
    services: [
      'Work permits (Classes D, G and others) and special passes',
      'Permanent residence applications',
      'Citizenship by registration and dual citizenship',
      'Dependant passes and appeals against refusals',
    ],
  },
  {
    id: 'employment',
    title: 'Employment Law',
    description:
      'Advice for employees and employers on contracts, dismissals and disputes before the Employment and Labour Relations Court.',
    services: [
      'Unfair termination claims',
      'Employment contracts and HR policies',
      'Redundancy procedures',
      'Representation at the ELRC and before labour officers',
    ],
    detailSlug: 'employment-law',
  },
  {
    id: 'real-estate',
    title: 'Real Estate Law',
    description:
      'Safe land and property transactions, from the first search at the land registry to the transfer in your name.',
    services: [
      'Sale and purchase agreements and conveyancing',
      'Title searches and due diligence',
      'Leases and tenancy matters',
      'Land disputes before the Environment and Land Court',
    ],
    detailSlug: 'property-law',
  },
  {
    id: 'traffic',
    title: 'Traffic Law',
    description:
      'Representation for motorists, boda boda riders and fleet owners charged under the Traffic Act.',
    services: [
      'Traffic court representation',
      'Careless and dangerous driving charges',
      'Licence suspension matters',
      'Motor vehicle release and impounding disputes',
    ],
  },
  {
    id: 'contract',
    title: 'Contract Law',
    description:
      'Clear contracts that protect you, and firm action when the other side does not keep its word.',
    services: [
      'Drafting and reviewing commercial contracts',
      'Supply, agency and distribution agreements',
      'Debt recovery and demand letters',
      'Breach of contract claims and arbitration',
    ],
  },
];

/** The 'Why choose' block of docs/product-rules.md#screens: four points. */
export const whyChooseUs = [
  {
    title: 'Experienced advocates',
    text: 'More than 15 years before Kenyan courts and tribunals, from the Magistrates’ Courts to the Court of Appeal.',
  },
  {
    title: 'Clear fees, agreed first',
    text: 'You know the cost before we start, in line with the Advocates (Remuneration) Order, and you can pay by M-Pesa.',
  },
  {
    title: 'Close to you',
    text: 'Offices in Nairobi, Thika and Kitengela serve clients across Nairobi, Kiambu, Machakos and Kajiado.',
  },
  {
    title: 'Confidential and responsive',
    text: 'Everything you tell us is privileged. We reply to every message within 24 hours.',
  },
];
