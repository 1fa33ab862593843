import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import enStatement from '../../locales/en/accessibility.json';
import swStatement from '../../locales/sw/accessibility.json';
import { mockSplash } from '../../src/client/mocks/mock-data';
import type { Language } from '../../src/shared/reference-data';
import { renderApp } from './render';
import { en, sw } from './texts';

const statements = { en: enStatement, sw: swStatement };
const texts = { en, sw };
const { site } = mockSplash();

describe('the accessibility statement', () => {
  it('is linked from the footer of every public page, and the link opens it', async () => {
    const { user, router } = renderApp('/home/landing');
    await screen.findByRole('heading', { level: 1, name: en('landing.title') });
    const footer = screen.getByRole('contentinfo');
    const link = within(footer).getByRole('link', { name: en('footer.accessibility') });
    expect(link).toHaveAttribute('href', '/home/accessibility');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: enStatement.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/accessibility');
    // The title follows the page once its texts are in (an effect after the heading): waited for, not raced.
    await waitFor(() => expect(document.title).toBe(en('titles.suffix', { page: en('titles.accessibility') })));
  });

  it.each(['en', 'sw'] as Language[])(
    'in %s: the target, how it was tested, what does not comply yet, how to report, the date',
    async (language) => {
      const statement = statements[language];
      const t = texts[language];
      renderApp('/home/accessibility', { language });
      expect(await screen.findByRole('heading', { level: 1, name: statement.title })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe(language);
      expect(screen.getByText(statement.updated)).toBeInTheDocument();
      expect(statement.updated).toMatch(/22 Nov/);
      expect(screen.getByText(statement.status.body)).toHaveTextContent('WCAG');
      expect(screen.getByText(statement.status.body)).toHaveTextContent('2.2');

      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      expect(headings).toEqual([
        statement.status.heading,
        statement.works.heading,
        statement.testing.heading,
        statement.gaps.heading,
        statement.report.heading,
        statement.about.heading,
      ]);
      // Each list as written, the known gaps included (there are some: the statement says so).
      expect(statement.gaps.items.length).toBeGreaterThan(0);
      for (const section of [statement.works, statement.testing, statement.gaps]) {
        const list = screen.getByRole('heading', { level: 2, name: section.heading }).parentElement!;
        const items = within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent);
        expect(items).toEqual(section.items);
      }

      // Reporting a problem: the support phone (a tel: link) and WhatsApp, from the reference data.
      const report = screen.getByRole('heading', { level: 2, name: statement.report.heading }).parentElement!;
      expect(within(report).getByText(statement.report.body.replace('{{phone}}', site.support_phone))).toBeVisible();
      const phone = within(report).getByRole('link', { name: t('topbar.call', { phone: site.support_phone }) });
      expect(phone).toHaveAttribute('href', `tel:${site.support_phone.replace(/[^+0-9]/g, '')}`);
      const whatsapp = within(report).getByRole('link', { name: t('whatsapp.button') });
      expect(whatsapp).toHaveAttribute('href', `https://wa.me/${site.whatsapp_number}`);
    },
  );

  it('has the same structure in both languages', () => {
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(shape)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key, shape(v)]))
          : typeof value;
    expect(shape(swStatement)).toEqual(shape(enStatement));
  });
});
