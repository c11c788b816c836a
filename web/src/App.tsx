import { BrowserRouter } from 'react-router';
import { Shell } from './app/Shell.tsx';

export const App = () => (
  <BrowserRouter>
    <Shell />
  </BrowserRouter>
);
