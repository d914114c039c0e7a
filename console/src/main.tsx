import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@shared/ui/base.css';
import './ui/console.css';
import { App } from './App.js';
import { startConsoleI18n } from './i18n.js';

void startConsoleI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
