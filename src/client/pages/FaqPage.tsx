import { useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../app/i18n';
import { EmptyState } from '../components/EmptyState';
import { PageHeading } from '../components/PageHeading';
import { useSplash } from '../app/splash-api';

/** The FAQs of the reference data, in the chosen language, searchable and collapsible. */
export default function FaqPage() {
  const { t, i18n } = useTranslation();
  const { faqs } = useSplash();
  const [search, setSearch] = useState('');
  const lng = isLanguage(i18n.language) ? i18n.language : 'en';

  const shown = useMemo(() => {
    const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    return faqs.filter((faq) => {
      const text = `${faq.question[lng]} ${faq.answer[lng]}`.toLocaleLowerCase();
      return words.every((w) => text.includes(w));
    });
  }, [faqs, search, lng]);

  return (
    <>
      <PageHeading titleKey="titles.faq">{t('faq.title')}</PageHeading>
      <Typography sx={{ mb: 2 }}>{t('faq.intro')}</Typography>
      <TextField
        type="search"
        label={t('faq.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        fullWidth
        sx={{ mb: 1 }}
      />
      <Typography role="status" sx={{ mb: 2, color: 'text.secondary' }}>
        {t('faq.shown', { count: shown.length })}
      </Typography>
      {shown.length === 0 ? (
        <EmptyState />
      ) : (
        shown.map((faq) => (
          // MUI puts the question's button in a heading, an h3 by default: under the page's h1, an h2
          // (a heading inside the button would be flattened into its name).
          <Accordion key={faq.id} disableGutters slotProps={{ heading: { component: 'h2' } }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`faq-${faq.id}-q`} aria-controls={`faq-${faq.id}-a`}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {faq.question[lng]}
              </Typography>
            </AccordionSummary>
            {/* MUI's region around the details already has this id, the role and the label. */}
            <AccordionDetails>
              <Typography>{faq.answer[lng]}</Typography>
            </AccordionDetails>
          </Accordion>
        ))
      )}
    </>
  );
}
