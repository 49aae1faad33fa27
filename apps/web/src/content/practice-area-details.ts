import type { PracticeAreaSlug } from '@firm/shared';

/** The five practice-area pages of docs/product-rules.md#screens: loaded with those pages only. */
export interface PracticeAreaDetail {
  slug: PracticeAreaSlug;
  title: string;
  seoDescription: string;
  intro: string;
  whatWeDo: string[];
  typicalMatters: string[];
  process: { title: string; text: string }[];
  faqs: { question: string; answer: string }[];
  cta: { title: string; text: string };
}

/** The five detail pages of docs/product-rules.md#screens. */
export const practiceAreaDetails: Record<PracticeAreaSlug, PracticeAreaDetail> = {
  'family-law': {
    slug: 'family-law',
    title: 'Family Law',
    seoDescription:
      'Divorce, child custody and maintenance, matrimonial property and succession in Kenya. Family advocates in Nairobi, Thika and Kitengela.',
    intro:
      'Family matters are personal. We give clear advice on divorce, children and inheritance, keep you informed at every step, and look for settlements that protect your children and your peace of mind before we go to court.',
    whatWeDo: [
      'We advise on and file divorce and separation causes under the Marriage Act, 2014, for civil, Christian, Hindu, Islamic and customary marriages.',
      'We apply to the Children’s Court for custody, access and maintenance orders under the Children Act, 2022, always with the best interests of the child first.',
      'We protect your share of matrimonial property under the Matrimonial Property Act, 2013, and draft prenuptial agreements.',
      'We draft wills and apply for grants of probate and letters of administration under the Law of Succession Act.',
    ],
    typicalMatters: [
      'A contested divorce where the spouses disagree about the home and the children',
      'A mother seeking maintenance from a father who has stopped paying school fees',
      'Sharing land registered in one spouse’s name after separation',
      'Confirming a grant so that a late parent’s land can be transferred to the heirs',
    ],
    process: [
      {
        title: 'Listen',
        text: 'In the first consultation we hear your story and read your documents: marriage certificate, title deeds, birth certificates.',
      },
      {
        title: 'Advise',
        text: 'We explain your options, mediation or court, with the likely time and cost of each.',
      },
      {
        title: 'Act',
        text: 'We negotiate, draft and file your papers, and represent you at every hearing.',
      },
      {
        title: 'Conclude',
        text: 'We see the orders through: transfers registered, maintenance paid, the grant confirmed.',
      },
    ],
    faqs: [
      {
        question: 'How long does a divorce take in Kenya?',
        answer:
          'An undefended divorce usually takes six months to a year from filing. A defended one, with disputes over property or children, can take two years or more.',
      },
      {
        question: 'Do I need a will if my estate is small?',
        answer:
          'Yes. Without a will the Law of Succession Act decides who inherits, and your family must apply for letters of administration, which takes longer and often causes disputes.',
      },
      {
        question: 'Can we agree on custody without going to court?',
        answer:
          'Yes. A parental responsibility agreement, drafted by an advocate and registered, records who the children live with and who pays for what.',
      },
    ],
    cta: {
      title: 'Talk to a family lawyer in confidence',
      text: 'Tell us what is happening in a free 15-minute call. Nothing you say leaves our office.',
    },
  },
  'corporate-law': {
    slug: 'corporate-law',
    title: 'Corporate Law',
    seoDescription:
      'Company registration, shareholder agreements, compliance under the Companies Act 2015 and commercial transactions for Kenyan businesses.',
    intro:
      'From registering your first company to selling it, we give Kenyan businesses practical advice that keeps them compliant and lets them grow.',
    whatWeDo: [
      'We register companies and partnerships through the Business Registration Service and prepare the constitution that suits your shareholders.',
      'We draft shareholder, joint-venture, supply and distribution agreements that say clearly who does what.',
      'We keep your statutory records, annual returns and beneficial ownership register up to date under the Companies Act, 2015.',
      'We carry out due diligence and handle mergers and acquisitions, including Competition Authority of Kenya notifications.',
    ],
    typicalMatters: [
      'Three founders registering a company and agreeing on shares and vesting',
      'A family business bringing in an outside investor',
      'A company that has missed years of annual returns and needs to regularise',
      'A buyer checking a target company’s contracts, licences and tax position',
    ],
    process: [
      {
        title: 'Understand the business',
        text: 'We learn how your business makes money and what you want to achieve.',
      },
      {
        title: 'Propose',
        text: 'We set out the structure and documents you need, with a fixed fee where we can.',
      },
      {
        title: 'Draft and file',
        text: 'We prepare the documents, agree them with the other side and file with the registries.',
      },
      {
        title: 'Stay with you',
        text: 'We remind you of filing deadlines and review contracts as the business grows.',
      },
    ],
    faqs: [
      {
        question: 'How long does it take to register a company?',
        answer:
          'Usually three to seven working days once the name is reserved and the documents are signed, depending on the registry’s queue.',
      },
      {
        question: 'Do I need a company secretary?',
        answer:
          'A private company with a paid-up capital of five million shillings or more must have a qualified company secretary. Smaller companies may still find one useful.',
      },
      {
        question: 'What is a beneficial ownership register?',
        answer:
          'Every company must record the people who ultimately own or control it and file that register with the Registrar of Companies.',
      },
    ],
    cta: {
      title: 'Build your business on solid ground',
      text: 'Book a consultation to review your structure, contracts or compliance.',
    },
  },
  'criminal-defense': {
    slug: 'criminal-defense',
    title: 'Criminal Defense',
    seoDescription:
      'Criminal defence advocates in Nairobi: bail and bond, trials, plea negotiations and appeals. 24-hour emergency line for arrests.',
    intro:
      'Everyone accused of an offence has the right to a fair trial under Article 50 of the Constitution. We stand beside you from the police station to the final judgment.',
    whatWeDo: [
      'We attend police stations and apply for police bond or court bail so that you are not held longer than the law allows.',
      'We study the prosecution’s evidence, which it must disclose before trial, and build your defence.',
      'We negotiate with the Office of the Director of Public Prosecutions where a plea agreement serves you better than a trial.',
      'We appeal convictions and sentences to the High Court and the Court of Appeal.',
    ],
    typicalMatters: [
      'A relative arrested on a Friday night and held at the police station',
      'A business owner charged with obtaining money by false pretences',
      'An assault charge arising from a dispute with a neighbour',
      'An appeal against a sentence that was too harsh',
    ],
    process: [
      {
        title: 'Immediate help',
        text: 'Call our emergency line. An advocate advises you at once and attends where needed.',
      },
      {
        title: 'Liberty first',
        text: 'We apply for bond or bail at the earliest opportunity.',
      },
      {
        title: 'Prepare the defence',
        text: 'We review the evidence, interview witnesses and plan the defence with you.',
      },
      {
        title: 'Trial or appeal',
        text: 'We represent you in court until the case is concluded.',
      },
    ],
    faqs: [
      {
        question: 'How soon must the police take me to court?',
        answer:
          'Within 24 hours of arrest, under Article 49 of the Constitution, or on the next court day if the 24 hours end outside ordinary court hours.',
      },
      {
        question: 'Should I make a statement to the police?',
        answer:
          'You have the right to remain silent. Ask to speak to an advocate before you make any statement.',
      },
      {
        question: 'Can bail be refused?',
        answer:
          'Only for compelling reasons, for example a real risk that the accused will not attend court or will interfere with witnesses. We argue for reasonable terms.',
      },
    ],
    cta: {
      title: 'Arrested or charged? Call now',
      text: 'Our emergency line is answered day and night for arrests and urgent court matters.',
    },
  },
  'property-law': {
    slug: 'property-law',
    title: 'Property Law',
    seoDescription:
      'Conveyancing, land searches, title transfers, leases and land disputes in Nairobi, Kiambu, Machakos and Kajiado.',
    intro:
      'Land is the biggest purchase most Kenyans ever make, and the one most often lost to fraud. We check everything before you pay, and see the title registered in your name.',
    whatWeDo: [
      'We search the land registry and Ardhisasa, check the seller’s identity and the survey maps, and confirm the land rates and rent are paid.',
      'We draft and negotiate the sale agreement under the Land Registration Act, 2012 and the Law Society Conditions of Sale.',
      'We obtain land control board consent for agricultural land, pay stamp duty and lodge the transfer.',
      'We act in boundary, trespass and fraudulent-title disputes before the Environment and Land Court.',
    ],
    typicalMatters: [
      'A diaspora buyer purchasing a plot in Kitengela without travelling home',
      'A family subdividing inherited land in Kiambu among siblings',
      'A landlord drafting a commercial lease for shops in Thika town',
      'A buyer who discovers the same plot was sold to someone else',
    ],
    process: [
      {
        title: 'Due diligence',
        text: 'Searches, site visit, survey check and seller verification before any money moves.',
      },
      {
        title: 'Agreement',
        text: 'A sale agreement that protects your deposit and sets a clear completion date.',
      },
      {
        title: 'Consents and duty',
        text: 'Land control board consent, valuation and stamp duty through the KRA iTax system.',
      },
      {
        title: 'Registration',
        text: 'The transfer is registered and the new title handed to you.',
      },
    ],
    faqs: [
      {
        question: 'How long does a land transfer take?',
        answer:
          'A straightforward transfer takes two to four months, mainly waiting for consents, valuation and registration.',
      },
      {
        question: 'How much is stamp duty?',
        answer:
          'Four per cent of the value for property in a municipality and two per cent for agricultural land outside one, based on the government valuation.',
      },
      {
        question: 'Can I buy land while living abroad?',
        answer:
          'Yes. You can sign a power of attorney at a Kenyan embassy or before a notary, and we handle the transaction here.',
      },
    ],
    cta: {
      title: 'Buying or selling land?',
      text: 'Talk to us before you pay any deposit. A search costs far less than a fraud.',
    },
  },
  'employment-law': {
    slug: 'employment-law',
    title: 'Employment Law',
    seoDescription:
      'Unfair termination, redundancy, employment contracts and ELRC representation for employees and employers in Kenya.',
    intro:
      'Whether you have lost your job unfairly or you run a business with staff, we explain your rights and duties under the Employment Act, 2007 and act quickly: some claims have strict time limits.',
    whatWeDo: [
      'We claim compensation for unfair or wrongful termination before the Employment and Labour Relations Court, of up to twelve months’ salary.',
      'We draft contracts, HR manuals and disciplinary procedures that meet the Employment Act, 2007 and the Labour Relations Act, 2007.',
      'We guide employers through lawful redundancies, with notice to the labour officer and the union.',
      'We represent employees and employers at conciliation before the county labour office.',
    ],
    typicalMatters: [
      'An employee dismissed without a hearing after ten years of service',
      'Unpaid overtime, leave and house allowance',
      'An employer restructuring and declaring positions redundant',
      'A sexual harassment complaint that the employer ignored',
    ],
    process: [
      {
        title: 'Review',
        text: 'We read your contract, letters and payslips and tell you where you stand.',
      },
      {
        title: 'Demand',
        text: 'A demand letter often settles the matter without court.',
      },
      {
        title: 'Conciliation or claim',
        text: 'We take the matter to the labour office or file a claim at the ELRC.',
      },
      {
        title: 'Recovery',
        text: 'We enforce the award or settlement until you are paid.',
      },
    ],
    faqs: [
      {
        question: 'How long do I have to file a claim?',
        answer:
          'Claims under the Employment Act must be filed within three years of the dismissal or the breach; for continuing injuries, within twelve months after they stop. Act sooner: evidence fades.',
      },
      {
        question: 'Can my employer dismiss me without a hearing?',
        answer:
          'No. Section 41 of the Employment Act requires the employer to explain the reason and hear you, with a colleague or union representative present, before dismissing you.',
      },
      {
        question: 'What is a redundancy package by law?',
        answer:
          'At least fifteen days’ pay for each completed year of service, plus notice, leave due and a certificate of service.',
      },
    ],
    cta: {
      title: 'Lost your job, or need sound HR documents?',
      text: 'Bring your contract and letters to a consultation and leave knowing your options.',
    },
  },
};
