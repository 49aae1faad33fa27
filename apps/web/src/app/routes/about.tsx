import { ConsultationCta, PageIntro, Section } from '../../features/public-site/components/ui';
import { achievements, mission, team, values, vision } from '../../content/about';
import { consultation, firm } from '../../content/firm';
import type { RouteHandle } from '../../lib/seo';

export const handle: RouteHandle = {
  seo: {
    title: 'About Us | Mwamba & Associates Advocates',
    description:
      'Our mission, vision and values, the advocates who lead our practice and what we have achieved for clients across Kenya.',
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="About Us">
        <p>
          {firm.name} has advised families and businesses in Nairobi and the surrounding counties
          since {firm.foundedYear}. {firm.lskMembership}.
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 pt-10 sm:px-6 md:grid-cols-2">
        <section aria-labelledby="mission-title" className="rounded-lg border border-slate-200 p-6">
          <h2 id="mission-title" className="text-2xl font-bold text-brand-900">
            Our Mission
          </h2>
          <p className="mt-2 text-slate-700">{mission}</p>
        </section>
        <section aria-labelledby="vision-title" className="rounded-lg border border-slate-200 p-6">
          <h2 id="vision-title" className="text-2xl font-bold text-brand-900">
            Our Vision
          </h2>
          <p className="mt-2 text-slate-700">{vision}</p>
        </section>
      </div>
      <Section title="Our Values" id="values-title">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.title} className="rounded-lg bg-brand-50 p-5">
              <h3 className="font-semibold text-brand-900">{value.title}</h3>
              <p className="mt-1 text-slate-700">{value.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Our Team" id="team-title">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((member) => (
            <li key={member.name} className="rounded-lg border border-slate-200 p-5">
              <div
                aria-hidden="true"
                className="flex size-16 items-center justify-center rounded-full bg-brand-800 text-xl font-bold text-accent-300"
              >
                {member.initials}
              </div>
              <h3 className="mt-3 font-semibold text-brand-900">{member.name}</h3>
              <p className="text-sm font-medium text-brand-700">{member.role}</p>
              <p className="mt-2 text-sm text-slate-700">{member.bio}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Our Achievements" id="achievements-title">
        <ol className="space-y-4 border-l-2 border-brand-100 pl-6">
          {achievements.map((item) => (
            <li key={item.year}>
              <p className="font-bold text-brand-800">{item.year}</p>
              <p className="text-slate-700">{item.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <ConsultationCta title="Work with us" text={consultation.summary} />
    </>
  );
}
