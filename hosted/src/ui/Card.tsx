import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useSettings } from '../settings';

/** The page frame: the brand (logo, name, colours, dark mode) around one card. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const settings = useSettings();
  const { branding, color } = settings ?? { branding: {}, color: undefined };
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  const dark = Boolean(color?.isDarkModeEnabled && prefersDark);
  useEffect(() => {
    document.title = `${title} · ${branding.name ?? 'Tessera'}`;
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [title, branding.name, dark]);
  // Set through the CSS object model (not a style attribute in markup), so the strict CSP holds.
  const style = {
    '--primary': (dark ? color?.darkPrimaryColor : color?.primaryColor) ?? '#0b5cad',
  } as CSSProperties;
  const logo = dark ? (branding.darkLogoUrl ?? branding.logoUrl) : branding.logoUrl;
  return (
    <div className="page" style={style}>
      <main className="card">
        <header className="brand">
          {logo ? <img src={logo} alt={branding.name ?? ''} className="logo" /> : null}
          <p className="brand-name">{branding.name ?? 'Tessera'}</p>
        </header>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
