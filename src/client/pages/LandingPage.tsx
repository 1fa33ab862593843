import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/PageHeading';

const BOXES = [
  { key: 'apply', to: '/home/request' },
  { key: 'status', to: '/home/login' },
  { key: 'terms', to: '/home/terms_conditions' },
] as const;

/** Home: the three boxes Apply, View Status, Terms & Conditions. */
export default function LandingPage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageHeading titleKey="titles.landing">{t('landing.title')}</PageHeading>
      <Typography sx={{ fontSize: '1.1rem', mb: 3 }}>{t('landing.lead')}</Typography>
      <Grid
        component="ul"
        container
        spacing={2}
        aria-label={t('common:landing.boxes')}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {BOXES.map((box) => (
          <Grid component="li" key={box.key} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1 }}>
                <Typography component="h2" variant="h2" gutterBottom>
                  {t(`landing.${box.key}.title`)}
                </Typography>
                <Typography>{t(`landing.${box.key}.body`)}</Typography>
              </CardContent>
              <CardActions sx={{ p: 2 }}>
                <Button component={RouterLink} to={box.to} variant="contained">
                  {t(`landing.${box.key}.action`)}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
