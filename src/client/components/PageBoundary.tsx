import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './LoadFailed';

function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <LoadFailed
      title={t('page_error.title')}
      body={t('page_error.body')}
      action={t('page_error.retry')}
      onAction={() => window.location.reload()}
    />
  );
}

interface CatchProps {
  pathname: string;
  children: ReactNode;
}

class Catch extends Component<CatchProps, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  /** Another page: try again (not a remount, which would drop the page shown while the next loads). */
  static getDerivedStateFromProps(props: CatchProps, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}

/**
 * Around a lazily loaded page: nothing while its first file loads (the shell and the progress bar
 * show), and if it cannot be loaded or shown (a dropped connection) a message with Reload, in place
 * of the page only. The next page starts afresh. While a later page loads, the one before stays
 * (the router's transition) and the progress bar shows (app/page-loads.ts).
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Catch pathname={pathname}>
      <Suspense fallback={null}>{children}</Suspense>
    </Catch>
  );
}
