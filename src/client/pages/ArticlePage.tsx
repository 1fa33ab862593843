import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/PageHeading';
import { useContact } from '../components/contact';

interface Section {
  heading: string;
  body: string;
}

/** A page of prose from locales/<lng>/pages.json: a title, an intro and headed sections. */
function ArticlePage({ page, titleKey }: { page: 'about' | 'terms'; titleKey: string }) {
  const { t } = useTranslation('pages');
  const { phone } = useContact();
  const sections = t(`${page}.sections`, { returnObjects: true, phone }) as Section[];
  const updated = page === 'terms' ? t('terms.updated') : undefined;
  return (
    <article>
      <PageHeading titleKey={titleKey}>{t(`${page}.title`)}</PageHeading>
      {updated && <Typography sx={{ color: 'text.secondary', mb: 2 }}>{updated}</Typography>}
      <Typography sx={{ fontSize: '1.1rem', mb: 3 }}>{t(`${page}.intro`)}</Typography>
      {sections.map((section) => (
        <section key={section.heading}>
          <Typography component="h2" variant="h2" sx={{ mt: 3, mb: 1 }}>
            {section.heading}
          </Typography>
          <Typography>{section.body}</Typography>
        </section>
      ))}
    </article>
  );
}

export function AboutPage() {
  return <ArticlePage page="about" titleKey="titles.about" />;
}

export function TermsPage() {
  return <ArticlePage page="terms" titleKey="titles.terms" />;
}
