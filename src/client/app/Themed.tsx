import { ThemeProvider } from '@mui/material/styles';
import { Outlet } from 'react-router-dom';
import { theme } from './theme';

/**
 * The MUI theme, for the routes whose pages use MUI (every page but the landing page). Loaded with the
 * first of them, so the landing page carries no MUI; shell.css does CssBaseline's part for all pages.
 */
export function Themed({ children }: { children: React.ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** As a layout route: its child routes in the theme. */
export default function ThemedOutlet() {
  return (
    <Themed>
      <Outlet />
    </Themed>
  );
}
