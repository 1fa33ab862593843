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
    // A focus ring on every button, radio, checkbox, tab and menu item reached by keyboard (MUI shows
    // only a faint ripple): dark blue on the light page, white on the green bars (3:1 or more on both).
    // No ripple (src/client/vendor/mui-touch-ripple.tsx): the ring shows focus, and a press darkens the
    // button a little instead of animating on a cheap phone.
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '3px solid #1d4e89', outlineOffset: 2 },
          '&:active:not(.Mui-disabled)': { filter: 'brightness(0.9)' },
        },
      },
    },
    MuiAppBar: {
      styleOverrides: {
        root: {
          '& .MuiButton-colorInherit.Mui-focusVisible, & .MuiIconButton-colorInherit.Mui-focusVisible': {
            outlineColor: '#fff',
          },
        },
      },
    },
    // Inside a list or a row of tabs, which would cut off a ring drawn outside.
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
