/** About the firm: mission, vision, values, team, achievements, stats and testimonials. */

export const mission =
  'To make sound legal advice reachable for every Kenyan family and business: explained in plain language, priced fairly and delivered on time.';

export const vision =
  'To be the firm people in Nairobi and its neighbouring counties trust first when the law touches their lives.';

export const values = [
  {
    title: 'Integrity',
    text: 'We tell clients the truth about their case, even when it is not what they hoped to hear.',
  },
  {
    title: 'Confidentiality',
    text: 'What you tell us is privileged and protected, on paper and in our systems.',
  },
  {
    title: 'Accessibility',
    text: 'Plain language, clear fees agreed in advance, and offices within reach of our clients.',
  },
  {
    title: 'Excellence',
    text: 'Careful preparation for every hearing, every contract and every transfer.',
  },
];

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  /** Initials on the portrait placeholder: no photographs to download. */
  initials: string;
}

export const team: TeamMember[] = [
  {
    name: 'Grace Mwamba',
    role: 'Managing Partner',
    initials: 'GM',
    bio: 'Advocate of the High Court since 2008. Leads the family law and succession practice and is an accredited mediator of the Judiciary’s Court-Annexed Mediation programme.',
  },
  {
    name: 'David Otieno',
    role: 'Partner, Litigation',
    initials: 'DO',
    bio: 'Criminal defence and commercial litigation for over fifteen years, with appearances before the High Court and the Court of Appeal.',
  },
  {
    name: 'Wanjiru Kamau',
    role: 'Senior Associate, Property and Corporate',
    initials: 'WK',
    bio: 'Conveyancing, land due diligence and company work. Runs the Thika office and knows the Kiambu land registry well.',
  },
  {
    name: 'Ibrahim Hassan',
    role: 'Associate, Employment and Immigration',
    initials: 'IH',
    bio: 'Represents employees and employers at the Employment and Labour Relations Court, and handles work permits for employers.',
  },
];

export const achievements = [
  {
    year: '2010',
    text: 'Founded in Nairobi by Grace Mwamba with two advocates and one client file.',
  },
  {
    year: '2016',
    text: 'Opened the Thika office to serve clients across Kiambu County.',
  },
  {
    year: '2021',
    text: 'Opened the Kitengela office for Kajiado and Machakos counties.',
  },
  {
    year: '2024',
    text: 'Over 200 hours a year of pro bono advice through Legal Aid Clinics under the Legal Aid Act, 2016.',
  },
];

/** The stats of docs/product-rules.md, in one place so the firm can change them. */
export const stats = [
  { value: '500+', label: 'Cases Won' },
  { value: '15+', label: 'Years Experience' },
  { value: '1000+', label: 'Clients Served' },
  { value: '95%', label: 'Success Rate' },
];

/**
 * Testimonials never name or identify a client (Law Society of Kenya advertising rules,
 * docs/product-rules.md#public-site): only the kind of matter and the county.
 */
export const testimonials = [
  {
    quote:
      'They explained every step of my divorce in plain words and kept my children out of the conflict. I always knew what was happening and what it would cost.',
    attribution: 'Family law client, Nairobi County',
  },
  {
    quote:
      'The search they did before I paid the deposit showed the plot had a caveat. They saved me from losing my savings.',
    attribution: 'Property client, Kajiado County',
  },
  {
    quote:
      'After I was dismissed without a hearing, they took my case to the ELRC and I was compensated. They answered every call.',
    attribution: 'Employment client, Kiambu County',
  },
];
