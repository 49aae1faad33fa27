import {
  BACKUP_TEXTS,
  CLIENT_MONEY_SCREEN_TEXTS,
  DELIVERY_TEXTS,
  ETIMS_TEXTS,
  RATE_SCREEN_TEXTS,
} from '@firm/shared';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import type { RouteHandle } from '../../../lib/seo';
import { AuditLogPanel } from '../components/audit-log-panel';
import { BackupsPanel } from '../components/backups-panel';
import { ClientMoneyAccountsPanel } from '../components/client-money-accounts-panel';
import { ClientMoneyReconciliationPanel } from '../components/client-money-reconciliation-panel';
import { DataRequestsPanel } from '../components/data-requests-panel';
import { DeliveriesPanel } from '../components/deliveries-panel';
import { EtimsPanel } from '../components/etims-panel';
import { FirmSettingsPanel } from '../components/firm-settings-panel';
import { HourlyRatesPanel } from '../components/hourly-rates-panel';
import { SuperKeyPanel } from '../components/super-key-panel';

export const handle: RouteHandle = {
  seo: { title: 'System Settings | Mwamba & Associates Advocates', description: '', noindex: true },
};

/** The sections of System Settings, one tab each (`?tab=`). */
const SECTIONS = [
  { key: 'audit-log', label: 'Audit log', panel: <AuditLogPanel /> },
  { key: 'deliveries', label: DELIVERY_TEXTS.tabLabel, panel: <DeliveriesPanel /> },
  // KRA eTIMS' set-up and what did not reach KRA, beside Deliveries' emails and texts (ADR 049).
  { key: 'etims', label: ETIMS_TEXTS.settings.title, panel: <EtimsPanel /> },
  { key: 'firm', label: 'Firm settings', panel: <FirmSettingsPanel /> },
  { key: 'hourly-rates', label: RATE_SCREEN_TEXTS.ratesTitle, panel: <HourlyRatesPanel /> },
  {
    key: 'money-accounts',
    label: CLIENT_MONEY_SCREEN_TEXTS.accountsTab,
    panel: <ClientMoneyAccountsPanel />,
  },
  {
    key: 'reconciliation',
    label: CLIENT_MONEY_SCREEN_TEXTS.reconcileTab,
    panel: <ClientMoneyReconciliationPanel />,
  },
  { key: 'backups', label: BACKUP_TEXTS.tabLabel, panel: <BackupsPanel /> },
  { key: 'data-requests', label: 'Data-protection requests', panel: <DataRequestsPanel /> },
  { key: 'registration-key', label: 'Registration key', panel: <SuperKeyPanel /> },
] as const satisfies readonly TabItem<string>[];

type SectionKey = (typeof SECTIONS)[number]['key'];
const isSection = (value: string | null): value is SectionKey =>
  SECTIONS.some((section) => section.key === value);

/** /system-settings: advocates only; the route guard has turned everyone else away (manifest). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const selected: SectionKey = isSection(tab) ? tab : 'audit-log';
  return (
    <>
      <PageHeading title="System Settings" />
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <Tabs<SectionKey>
          label="System settings"
          selected={selected}
          // A new section starts without the previous one's filters.
          onSelect={(key) => setParams(key === 'audit-log' ? {} : { tab: key })}
          tabs={SECTIONS}
        />
      </div>
    </>
  );
}
