import { Shell } from './app/Shell.tsx';

/** The app: the shell and, inside it, the pages of the route table (web/src/app). */
export const App = () => <Shell />;
