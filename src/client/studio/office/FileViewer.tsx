import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OpenFile } from './staff-file';

/** How an image is shown: the frame's width, or its own pixels times a factor. */
const ZOOMS = ['fit', '1', '2'] as const;
type Zoom = (typeof ZOOMS)[number];

/**
 * A file shown in the page (issue 33, item 3): a PDF in a frame (the browser's own viewer, with its
 * pages and zoom), an image fitted to the width or at its own size and twice it, with what the caller
 * says of it (size, scale); a link to save it, and Close. Focus goes to its title when it opens.
 */
export function FileViewer({
  file,
  title,
  details,
  inline = true,
  onClose,
}: {
  file: OpenFile;
  title: string;
  details?: string;
  /** False for a file not to be shown in the page (a PDF with active content): it is only saved. */
  inline?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('office');
  const { url } = file;
  const [zoom, setZoom] = useState<Zoom>('fit');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const pdf = file.type === 'application/pdf';
  return (
    <Box
      role="region"
      aria-label={t('viewer.label', { title })}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 1 }}
    >
      <Typography ref={heading} tabIndex={-1} component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {details && <Typography variant="body2">{details}</Typography>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', my: 1 }}>
        {inline &&
          !pdf &&
          ZOOMS.map((z) => (
            <Button
              key={z}
              size="small"
              variant={zoom === z ? 'contained' : 'outlined'}
              aria-pressed={zoom === z}
              onClick={() => setZoom(z)}
            >
              {t(`viewer.zoom_${z}`)}
            </Button>
          ))}
        {url && (
          <Link href={url} download={file.name}>
            {t('viewer.save', { name: file.name })}
          </Link>
        )}
        <Button size="small" onClick={onClose}>
          {t('viewer.close')}
        </Button>
      </Box>
      {url &&
        inline &&
        (pdf ? (
          <Box
            component="iframe"
            src={url}
            title={title}
            sx={{ width: '100%', height: '70vh', border: 1, borderColor: 'divider', display: 'block' }}
          />
        ) : (
          <Box
            sx={{ maxHeight: '70vh', overflow: 'auto', border: 1, borderColor: 'divider' }}
            tabIndex={0}
            aria-label={title}
          >
            <Box
              component="img"
              src={url}
              alt={title}
              sx={zoom === 'fit' ? { width: '100%', display: 'block' } : { display: 'block', zoom: Number(zoom) }}
            />
          </Box>
        ))}
    </Box>
  );
}
