import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import { useContact } from '../../components/contact';
import type { Captcha } from './sign-in-api';

/** The SVG as an image: the CSP allows data: images, and an <img> runs no script an SVG may hold. */
export const captchaSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const WIDTH = 180;
const HEIGHT = 60;

export interface CaptchaFieldProps {
  captcha: Captcha | undefined;
  /** A new image is on its way. */
  loading: boolean;
  /** No image could be had. */
  failed: boolean;
  onRefresh: () => void;
  answer: string;
  onAnswer: (value: string) => void;
  error: string;
  /** Said under the field when there is no error (e.g. that the image was renewed). */
  note: string;
  inputRef: Ref<HTMLInputElement>;
}

/** The captcha: its image, a button for a new one, and the field for what it shows. */
export function CaptchaField(props: CaptchaFieldProps) {
  const { t } = useTranslation();
  const { phone } = useContact();
  const { captcha, loading, failed, error } = props;
  return (
    <Box role="group" aria-labelledby="view-captcha-title" aria-describedby="view-captcha-help" sx={{ my: 2 }}>
      <Typography component="h3" variant="subtitle1" id="view-captcha-title" sx={{ fontWeight: 700 }}>
        {t('view.captcha_title')}
      </Typography>
      <Typography variant="body2" id="view-captcha-help" sx={{ mb: 1, color: 'text.secondary' }}>
        {t('view.captcha_help', { phone })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Box
          sx={{
            width: WIDTH,
            height: HEIGHT,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#fff',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            position: 'relative',
          }}
        >
          {captcha && (
            <img
              src={captchaSrc(captcha.svg)}
              alt={t('view.captcha_image')}
              width={WIDTH}
              height={HEIGHT}
              style={{ opacity: loading ? 0.3 : 1 }}
            />
          )}
          {loading && (
            <CircularProgress size={24} aria-label={t('view.captcha_loading')} sx={{ position: 'absolute' }} />
          )}
        </Box>
        {/* Not disabled while loading: a disabled button drops the keyboard focus. */}
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={() => {
            if (!loading) props.onRefresh();
          }}
          aria-disabled={loading || undefined}
        >
          {t('view.captcha_refresh')}
        </Button>
      </Stack>
      {failed && !loading && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('view.captcha_failed')}
        </Alert>
      )}
      <TextField
        id="view-captcha-answer"
        inputRef={props.inputRef}
        label={t('view.captcha_answer')}
        value={props.answer}
        onChange={(event) => props.onAnswer(event.target.value)}
        error={Boolean(error)}
        helperText={error || props.note || ' '}
        slotProps={{
          htmlInput: {
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            maxLength: 10,
          },
          formHelperText: { role: error ? 'alert' : props.note ? 'status' : undefined } as object,
        }}
      />
    </Box>
  );
}
