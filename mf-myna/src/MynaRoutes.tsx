import { ComingSoonPage, NotFoundPage } from '@sukoyaka/shared';
import { Route, Routes } from 'react-router';

/** The My Number Portal connection comes with its own issue; until then its pages say so. */
export function MynaRoutes() {
  return (
    <Routes>
      <Route path="/myna_connection/*" element={<ComingSoonPage title="マイナポータル連携" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
