import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@shared/ui/base.css';

// Placeholder entry for the hosted end-user pages (issue #11); the hosted-pages work fills it.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Tessera</h1>
    </main>
  </StrictMode>,
);
