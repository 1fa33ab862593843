import { useEffect, useRef } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * A page's one h1, and its title in the tab: it takes the focus when the page opens (each route
 * change), so a screen reader says where the user now is and Tab goes on from there.
 */
export function PageHeading({ title, area = 'studio' }: { title: string; area?: 'studio' | 'office' }) {
  const { t } = useTranslation('studio');
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = t(area === 'office' ? 'app.office_page_title' : 'app.page_title', { page: title });
  }, [t, title, area]);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Typography
      ref={ref}
      component="h1"
      variant="h4"
      tabIndex={-1}
      sx={{ mb: 2, overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
    >
      {title}
    </Typography>
  );
}
