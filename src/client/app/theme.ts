import { createTheme } from '@mui/material/styles';

/** Colours chosen for WCAG AA contrast on white and as text on the primary colour. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b5e3c', contrastText: '#ffffff' },
    secondary: { main: '#1d4e89', contrastText: '#ffffff' },
    background: { default: '#f6f8f7' },
    text: { secondary: '#4a5550' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
    h1: { fontSize: '1.9rem', fontWeight: 700 },
    h2: { fontSize: '1.4rem', fontWeight: 600 },
    h3: { fontSize: '1.15rem', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
