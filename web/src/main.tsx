import './styles/theme.css';
import './styles/shell.css';
import './styles/ui.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startModes } from './core/modes.ts';
import { setNotifier } from './core/notify.ts';
import { delegateImageViewer } from './ui/imageViewer/delegate.ts';
import { toast } from './ui/toast.tsx';

setNotifier((kind, message) => toast(message, { type: kind }));
// A cancelled confirm rejects with `false`: never an error (spec §4).
window.addEventListener('unhandledrejection', (e) => {
  if (e.reason === false) e.preventDefault();
});
void startModes();
delegateImageViewer();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
