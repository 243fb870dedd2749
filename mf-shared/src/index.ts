// @sukoyaka/shared — the utility module every area imports (DESIGN.md, "mf-shared").
export { AppError, HttpFailureCodes, isAppError, toAppError } from './api/app-error';
export {
  AUTHENTICITY_TOKEN_HEADER,
  AuthenticityTokens,
  REQUEST_TIMEOUT_MS,
  createHttpClient,
  currentAuthenticityToken,
  httpClient,
  loadAuthenticityToken,
  resetAuthenticityToken,
  responseHeader,
  type HttpClient,
  type HttpClientOptions,
  type HttpResponse,
} from './api/http-client';
export { api, createApiClient, type ApiClient } from './api/calls';
export { createQueryClient, queryClient } from './errors/query-client';

export {
  authStateQueryKey,
  authStateQueryOptions,
  deriveAuthFlags,
  getAuthState,
  isConfirmationValid,
  nextExpiry,
  useAuthState,
  type AuthFlags,
  type AuthState,
} from './auth/auth-state';
export { LOGOUT_WITHOUT_TOKEN_MESSAGE, logout, logoutAndGoToLogin } from './auth/logout';
export { useUserInfo, userInfoQueryKey, userInfoQueryOptions, type UserInfo } from './auth/member';
export { MemberOnly, loginUrlFor, safeReturnPath } from './auth/MemberOnly';

export {
  GENERIC_MESSAGES,
  classifyFatalError,
  isAccountConditionError,
  stepUpRedirect,
  type FatalErrorAction,
} from './errors/fatal-errors';
export { fatalErrorStore, useFatalError } from './errors/fatal-error-store';
export { FatalErrorBoundary, FatalErrorView } from './parts/FatalErrorBoundary';
export { AccountLockedPage, GenericErrorPage } from './parts/ErrorPages';

export { AreaRoot, SharedProviders, createAreaLifecycles } from './app/area';
export { AreaParcel, createParcel, importParcel, type AreaParcelProps } from './app/parcels';
export { LazyRoutes, lazyPage, pageFor, preloadPageAt, type LazyPage, type PageRoute } from './app/lazy-pages';
export { areaFailureError, hideAreaFailure, showAreaFailure } from './app/area-failure';
export { retireServerScreen } from './app/server-screen';
export { AppLink, navigate } from './routing/navigation';
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  usePathname,
  useSearchParams,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type PathMatch,
  type PathPattern,
} from './routing/router';
export { BRAND_LABEL, pageTitle, usePageTitle } from './routing/page-title';
export {
  readParams,
  removeParamsFromAddress,
  useOneTimeParams,
  type OneTimeParams,
  type OneTimeParamsOptions,
} from './routing/one-time-params';

export { GlobalStyle, MOBILE_BREAKPOINT, SPACING_UNIT, breakpoints, mobileOnly, theme, up, type Theme } from './ui/theme';
export * from './ui/primitives';
export { Phrases, supportsAutoPhrase } from './ui/phrases';
export { Actions, FactRows, Narrow, Notice } from './ui/layout';
export { Footer, Header, PageLayout, SignupBanner, type HeaderProps } from './parts/page-parts';
export { unreadAnnouncementsQueryKey } from './parts/unread-announcements';
export { COPYRIGHT, PRODUCT_NAME, externalLinks } from './ui/links';
export { describeError, fieldErrorsOf, formLevelError, validateInput, type FieldErrors } from './forms/form-errors';
export {
  focusFirstInvalid,
  useContractForm,
  type ContractForm,
  type ContractFormOptions,
  type FormMutation,
} from './forms/use-contract-form';
export {
  loadAccountCalls,
  loadContentCalls,
  loadHealthCalls,
  loadHealthContract,
  loadIncentiveCalls,
  loadMynaCalls,
  loadOperatorCalls,
} from './forms/contract-loaders';
export { FieldList, fieldLabel, useFieldValues, type FieldSpec, type FieldValues } from './forms/FieldList';
export { useFormValues, type BoundField } from './forms/use-form-values';
export { NotFoundPage } from './parts/standard-pages';
export { LoadFailure } from './parts/LoadFailure';
export { LogoutButton } from './auth/LogoutButton';
export { fetchSession, sessionQueryKey, sessionQueryOptions, useSession, type SessionData } from './auth/session';
export { pageViewEvent, startPageViewTracking, type PageViewEvent, type PageViewTracking } from './analytics/page-views';
export {
  APP_CHROME_ATTRIBUTE,
  WEBVIEW_MARKERS,
  WEBVIEW_ROOT_ATTRIBUTE,
  getDeviceInfo,
  getDeviceType,
  isWebView,
  type DeviceInfo,
  type DeviceType,
} from './device/device';
export {
  DEEP_LINK_SCHEME,
  deepLink,
  openOutside,
  outsideLink,
  screenLink,
  webPath,
  type DeepLinkScreen,
  type DeepLinkTargets,
} from './device/deep-links';
export { NEW_TAB_HINT, OutsideLink } from './ui/OutsideLink';
export { LinkRow } from './ui/LinkRow';
// The modal's parts are shared with the date picker (@sukoyaka/shared/widgets).
export { AlertModal, keepFocusOnBackdropPress, modalKeys, ModalOverlay, useBodyScrollLock } from './ui/AlertModal';
export { alertStore, clearAlert, showAlert, useAlert, type Alert } from './ui/alert-store';
export {
  clockTimeOf,
  isoDateOf,
  isoMomentOf,
  isSameLocalDay,
  isValidDate,
  japanClockOf,
  japanDateTime,
  japanDay,
  japanDayOf,
  japanMonthDay,
  japaneseDate,
  japaneseDateTime,
  japaneseDateWithWeekday,
  japaneseMonth,
  japaneseMonthDay,
  parseIsoDate,
  startOfLocalDay,
} from './ui/dates';
// The shared parts only some pages use (form controls, the date picker, gift pictures, announcements,
// chart scales) are a second module, @sukoyaka/shared/widgets (src/widgets/index.ts): they
// load with those pages, not with /login (docs/decisions/0018-shared-widgets-module.md).
