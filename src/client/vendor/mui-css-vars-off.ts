/**
 * Stands in for MUI's CSS-variables theme code (vite.config.ts swaps it in for the two MUI modules that
 * import it, styles/createTheme and styles/ThemeProvider): the portal's theme (src/client/app/theme.ts)
 * turns on neither `cssVariables` nor `colorSchemes`, so createTheme builds it as MUI v5 did
 * (createThemeNoVars) and ThemeProvider provides it as such (ThemeProviderNoVars): the same theme, the
 * same look. The CSS-variables half (createThemeWithVars, the CssVarsProvider with its color-scheme
 * storage and InitColorSchemeScript) never ran, yet came with every page that uses MUI: ~7 KiB of gzip.
 * Should the theme ever turn them on, it fails at once, here, rather than look different.
 */
const off = (): never => {
  throw new Error(
    'MUI CSS variables and colorSchemes are swapped out of this build (vite.config.ts, src/client/vendor/mui-css-vars-off.ts)',
  );
};

/** For styles/createTheme: its `createThemeWithVars`. */
export default off;
/** For styles/ThemeProvider: its `CssVarsProvider`. */
export const CssVarsProvider = off;
