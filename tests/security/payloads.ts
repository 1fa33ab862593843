/** The script and SQL payloads the issue names: every text field must store them as typed and show them as text. */
export const SCRIPT_AND_SQL = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE application; --",
  "' OR 1=1 --",
] as const;
