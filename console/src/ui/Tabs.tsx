import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

interface Tab {
  id: string;
  label: string;
  content: () => ReactNode;
}

/**
 * Tabs kept in the address (`?tab=`), so a reload or a shared link opens the same one. Arrow
 * keys move between tabs as the ARIA tabs pattern has it; only the open panel is rendered.
 */
export function Tabs({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  const [params, setParams] = useSearchParams();
  const prefix = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0]!;
  const open = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    setParams(tab === tabs[0] ? {} : { tab: tab.id }, { replace: true });
    buttons.current[tabs.indexOf(tab)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) open(index + moves[event.key]!);
    if (event.key === 'Home') open(0);
    if (event.key === 'End') open(tabs.length - 1);
  };
  return (
    <>
      <div role="tablist" aria-label={label} className="tabs">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${prefix}-${tab.id}`}
            aria-selected={tab === current}
            aria-controls={`${prefix}-${tab.id}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => open(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${prefix}-${current.id}-panel`} aria-labelledby={`${prefix}-${current.id}`}>
        {current.content()}
      </div>
    </>
  );
}
