import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/PageHeading';
import { WhatYouNeed } from './WhatYouNeed';

/** The five application types of spec section 2, in the spec's order, each with where it leads. */
const TYPES = [
  { key: 'new', to: '/home/new?type=new', action: 'request.choose' },
  { key: 'renew', to: '/home/login', action: 'request.renew_action' },
  { key: 'repair', to: '/home/maintenance', action: 'request.choose' },
  { key: 'government', to: '/home/new?type=government', action: 'request.choose' },
  { key: 'special', to: '/home/no_drawings', action: 'request.choose' },
] as const;

export default function RequestPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading titleKey="titles.request">{t('request.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('request.intro')}</Typography>
      <Grid component="ul" container spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {TYPES.map((type) => (
          <Grid component="li" key={type.key} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1 }}>
                <Typography component="h2" variant="h2" id={`type-${type.key}`} gutterBottom>
                  {t(`request.types.${type.key}.title`)}
                </Typography>
                <Typography>{t(`request.types.${type.key}.body`)}</Typography>
                {type.key !== 'renew' && <WhatYouNeed type={type.key} />}
              </CardContent>
              <CardActions sx={{ p: 2 }}>
                <Button component={RouterLink} to={type.to} variant="contained" aria-describedby={`type-${type.key}`}>
                  {t(type.action)}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Typography sx={{ mt: 3 }}>
        {t('request.continue_prompt')}{' '}
        <Link component={RouterLink} to="/home/continue">
          {t('request.continue_action')}
        </Link>
      </Typography>
    </>
  );
}
