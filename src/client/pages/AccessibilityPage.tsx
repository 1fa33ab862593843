import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/PageHeading';
import { telHref, useContact } from '../components/contact';

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section>
      <Typography component="h2" variant="h2" sx={{ mt: 3, mb: 1 }}>
        {heading}
      </Typography>
      {children}
    </section>
  );
}

function Items({ items }: { items: string[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, my: 1, '& li': { mb: 1 } }}>
      {items.map((item) => (
        <Typography component="li" key={item}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/** /home/accessibility: the accessibility statement (WCAG 2.2 AA, how it was tested, the known gaps, how to report). */
export default function AccessibilityPage() {
  // The statement's own namespace, loaded with the page (app/routes.tsx), not on the landing page.
  const { t } = useTranslation('accessibility');
  const { phone, whatsapp } = useContact();
  const list = (key: string) => t(key, { returnObjects: true }) as string[];
  return (
    <article>
      <PageHeading titleKey="titles.accessibility">{t('title')}</PageHeading>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('updated')}</Typography>
      <Typography sx={{ fontSize: '1.1rem', mb: 3 }}>{t('intro')}</Typography>
      <Section heading={t('status.heading')}>
        <Typography>{t('status.body')}</Typography>
      </Section>
      <Section heading={t('works.heading')}>
        <Items items={list('works.items')} />
      </Section>
      <Section heading={t('testing.heading')}>
        <Items items={list('testing.items')} />
      </Section>
      <Section heading={t('gaps.heading')}>
        <Typography>{t('gaps.intro')}</Typography>
        <Items items={list('gaps.items')} />
      </Section>
      <Section heading={t('report.heading')}>
        <Typography sx={{ mb: 1 }}>{t('report.body', { phone })}</Typography>
        <Typography sx={{ mb: 1 }}>
          <Link href={telHref(phone)}>{t('common:topbar.call', { phone })}</Link>
        </Typography>
        {whatsapp && (
          <Typography>
            {t('report.whatsapp')}{' '}
            <Link href={`https://wa.me/${whatsapp}`} target="_blank" rel="noopener noreferrer">
              {t('common:whatsapp.button')}
            </Link>
          </Typography>
        )}
      </Section>
      <Section heading={t('about.heading')}>
        <Typography>{t('about.body')}</Typography>
      </Section>
    </article>
  );
}
