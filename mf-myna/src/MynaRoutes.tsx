import { LazyRoutes, lazyPage, NotFoundPage, type PageRoute } from '@sukoyaka/shared';

// Each page its own chunk, named after its route ("route:<path>"): the server preloads the chunk
// of the page it answers (build/shared.cjs, mf-shared's lazyPage). MynaRoutes.test.ts keeps the
// two spellings equal.

/** The My Number Portal connection's pages (spec §2, "National-card connection"). */
export const mynaPages: readonly PageRoute[] = [
  {
    path: '/myna_connection',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection" */ './connection/ConnectionPage').then((module) => module.ConnectionPage),
    ),
  },
  {
    path: '/myna_connection/agreements',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/agreements" */ './connection/AgreementsPage').then(
        (module) => module.AgreementsPage,
      ),
    ),
  },
  {
    path: '/myna_connection/callback',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/callback" */ './connection/CallbackPage').then((module) => module.CallbackPage),
    ),
  },
  {
    path: '/myna_connection/complete',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/complete" */ './connection/OutcomePages').then((module) => module.CompletePage),
    ),
  },
  {
    path: '/myna_connection/mistake',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/mistake" */ './connection/OutcomePages').then((module) => module.MistakePage),
    ),
  },
  {
    path: '/myna_connection/verify',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/verify" */ './secret-question/VerifyPage').then((module) => module.VerifyPage),
    ),
  },
  {
    path: '/myna_connection/secret_question/guidance',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/secret_question/guidance" */ './secret-question/GuidancePages').then(
        (module) => module.SecretQuestionGuidancePage,
      ),
    ),
  },
  {
    path: '/myna_connection/secret_question/new',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/secret_question/new" */ './secret-question/NewSecretQuestionPage').then(
        (module) => module.NewSecretQuestionPage,
      ),
    ),
  },
  {
    path: '/myna_connection/secret_question/confirm',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/secret_question/confirm" */ './secret-question/ConfirmSecretQuestionPage').then(
        (module) => module.ConfirmSecretQuestionPage,
      ),
    ),
  },
  {
    path: '/myna_connection/secret_question/reset/guidance',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/secret_question/reset/guidance" */ './secret-question/GuidancePages').then(
        (module) => module.SecretQuestionResetGuidancePage,
      ),
    ),
  },
  {
    path: '/myna_connection/medical_exams',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/medical_exams" */ './records/RecordPages').then(
        (module) => module.MedicalExamsPage,
      ),
    ),
  },
  {
    path: '/myna_connection/medical_exams/:examId',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/medical_exams/:examId" */ './records/MedicalExamPage').then(
        (module) => module.MedicalExamPage,
      ),
    ),
  },
  {
    path: '/myna_connection/medicines',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/medicines" */ './records/RecordPages').then((module) => module.MedicinesPage),
    ),
  },
  {
    path: '/myna_connection/medical_bills',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/medical_bills" */ './records/RecordPages').then(
        (module) => module.MedicalBillsPage,
      ),
    ),
  },
  {
    path: '/myna_connection/import',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/import" */ './connection/ImportPage').then((module) => module.ImportPage),
    ),
  },
  {
    path: '/myna_connection/export',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/export" */ './connection/ExportPage').then((module) => module.ExportPage),
    ),
  },
  {
    path: '/myna_connection/removeSensitives',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/removeSensitives" */ './connection/RemovePage').then(
        (module) => module.RemovePage,
      ),
    ),
  },
  {
    path: '/myna_connection/check_sheet',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/myna_connection/check_sheet" */ './records/CheckSheetPage').then(
        (module) => module.CheckSheetPage,
      ),
    ),
  },
];

export function MynaRoutes() {
  return <LazyRoutes routes={mynaPages} fallback={<NotFoundPage />} />;
}
