// The declarative router only (no data routers, server rendering or framework mode), which is
// all the areas use; vendor-exports.test.ts fails when an area imports something missing here.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  generatePath,
  matchPath,
  useHref,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
