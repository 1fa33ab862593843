import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { OFFICE_PAGE } from '../../shared/api/staff-session';
import { STUDIO_PAGE, STUDIO_PREVIEW_PAGE } from '../../shared/api/studio';
import { AuditPage } from './audit/AuditPage';
import { DiffPage } from './diff/DiffPage';
import { FlowsPage } from './flows/FlowsPage';
import { HistoryPage } from './history/HistoryPage';
import { Loading } from './Loading';
import { NotFoundPage } from './NotFoundPage';
import { OverviewPage } from './overview/OverviewPage';
import { SessionGate } from './SessionGate';
import { TranslationsPage } from './translations/TranslationsPage';

// The editor and the preview carry RJSF and the wizard's parts: files of their own, loaded when opened.
const StepEditorPage = lazy(() => import('./editor/StepEditorPage'));
const PreviewPage = lazy(() => import('./preview/PreviewPage'));
const DocumentsPage = lazy(() => import('./documents/DocumentsPage'));
const FeesPage = lazy(() => import('./fees/FeesPage'));
// The officers' workspace: its pages (and its calls, office/office-api.ts) load when first opened.
const QueuePage = lazy(() => import('./office/QueuePage'));
const ApplicationPage = lazy(() => import('./office/ApplicationPage'));
const InboxPage = lazy(() => import('./office/InboxPage'));
const MoneyPage = lazy(() => import('./office/MoneyPage'));

const lazyPage = (page: ReactNode) => <Suspense fallback={<Loading />}>{page}</Suspense>;

export function StudioRoutes() {
  return (
    <Routes>
      {/* A frame inside the step editor: no layout, no sign-in of its own (it is sent what to show). */}
      <Route
        path={STUDIO_PREVIEW_PAGE}
        element={
          <Suspense fallback={null}>
            <PreviewPage />
          </Suspense>
        }
      />
      <Route path={STUDIO_PAGE} element={<SessionGate />}>
        <Route index element={<OverviewPage />} />
        <Route path="diff" element={<DiffPage />} />
        <Route path="history" element={<HistoryPage />} />
        <Route path="translations" element={<TranslationsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route
          path="step/:step"
          element={
            <Suspense fallback={<Loading />}>
              <StepEditorPage />
            </Suspense>
          }
        />
        <Route
          path="documents"
          element={
            <Suspense fallback={<Loading />}>
              <DocumentsPage />
            </Suspense>
          }
        />
        <Route path="flows" element={<FlowsPage />} />
        <Route
          path="fees"
          element={
            <Suspense fallback={<Loading />}>
              <FeesPage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path={OFFICE_PAGE} element={<SessionGate area="office" />}>
        <Route index element={lazyPage(<QueuePage />)} />
        <Route path="mine" element={lazyPage(<QueuePage mine />)} />
        <Route path="messages" element={lazyPage(<InboxPage />)} />
        <Route path="money" element={lazyPage(<MoneyPage />)} />
        <Route path="applications/:reference" element={lazyPage(<ApplicationPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<Navigate to={STUDIO_PAGE} replace />} />
    </Routes>
  );
}
