// The router of the console. react-router-dom is not a share key of its own: a shared module cannot be
// tree-shaken, and shared whole it cost 62 KB gzipped on every page against about 13 KB for the parts
// below. So it reaches the shell and the remotes through this singleton, as Chakra reaches them through
// shared-ui: still one copy of the router in the page. Packages import these from @fleet/shared-api,
// never from react-router-dom (lint enforces it); add a name here when a screen needs one more.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { Location, NavigateFunction, SetURLSearchParams } from 'react-router-dom';
