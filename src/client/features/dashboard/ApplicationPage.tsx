import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading';
import { useGetNotificationsQuery } from './dashboard-api';
import { visuallyHidden } from '../../components/visually-hidden';
import { ApplicationTab } from './tabs/ApplicationTab';
import { AttachmentsTab } from './tabs/AttachmentsTab';
import { ConstructionTab } from './tabs/ConstructionTab';
import { InvoicesTab } from './tabs/InvoicesTab';
import { NotificationsTab } from './tabs/NotificationsTab';
import { PermitTab } from './tabs/PermitTab';

/** The spec's dashboard tabs, in its order; the value is the URL's ?tab=. */
export const TABS = ['application', 'construction', 'attachments', 'invoices', 'notifications', 'permit'] as const;
export type TabName = (typeof TABS)[number];

const PANELS: Record<TabName, ComponentType> = {
  application: ApplicationTab,
  construction: ConstructionTab,
  attachments: AttachmentsTab,
  invoices: InvoicesTab,
  notifications: NotificationsTab,
  permit: PermitTab,
};

export const tabId = (tab: TabName) => `dashboard-tab-${tab}`;
export const panelId = (tab: TabName) => `dashboard-panel-${tab}`;

function isTab(value: string | null): value is TabName {
  return (TABS as readonly (string | null)[]).includes(value);
}

/** The unread notifications, said in the tab's name (visually a count). */
function NotificationsLabel() {
  const { t } = useTranslation();
  const { data } = useGetNotificationsQuery();
  const unread = data?.filter((n) => !n.read).length ?? 0;
  return (
    <span>
      {t('dashboard.tabs.notifications')}
      {unread > 0 && (
        <>
          <Box
            component="span"
            aria-hidden="true"
            sx={{
              ml: 1,
              px: 0.75,
              borderRadius: 5,
              bgcolor: 'error.main',
              color: '#fff',
              fontSize: '0.75rem',
              fontWeight: 700,
            }}
          >
            {unread}
          </Box>
          <Box component="span" sx={visuallyHidden}>
            {` (${t('dashboard.notifications.unread_count', { count: unread })})`}
          </Box>
        </>
      )}
    </span>
  );
}

/**
 * The six tabs on as many lines as they need, all in sight: in one scrolling row, four of them started
 * off a phone's screen with nothing to say so. The open tab is underlined by its own border (MUI's
 * sliding line follows one row only).
 */
const WRAPPED_TABS = {
  '& .MuiTabs-list': { flexWrap: 'wrap' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': { minWidth: 0, px: { xs: 1.5, sm: 2 } },
  '& .MuiTab-root.Mui-selected': { boxShadow: 'inset 0 -3px 0 currentColor' },
} as const;

/**
 * /dashboard/application: the signed-in application in six tabs. The open tab is in the URL
 * (?tab=attachments), so that Back, a reload and a shared link open it again.
 */
export default function ApplicationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabName = isTab(asked) ? asked : 'application';
  const Panel = PANELS[tab];

  const open = (next: TabName) => {
    const search = new URLSearchParams(params);
    search.set('tab', next);
    setParams(search);
  };

  return (
    <>
      <PageHeading titleKey="titles.dashboard_application">{t('titles.dashboard_application')}</PageHeading>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_, next: TabName) => open(next)}
          aria-label={t('dashboard.tabs.label')}
          sx={WRAPPED_TABS}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              id={tabId(name)}
              aria-controls={panelId(name)}
              label={name === 'notifications' ? <NotificationsLabel /> : t(`dashboard.tabs.${name}`)}
            />
          ))}
        </Tabs>
      </Box>
      {TABS.map((name) => (
        <Box
          key={name}
          role="tabpanel"
          id={panelId(name)}
          aria-labelledby={tabId(name)}
          hidden={name !== tab}
          tabIndex={name === tab ? 0 : undefined}
        >
          {name === tab && <Panel />}
        </Box>
      ))}
    </>
  );
}
