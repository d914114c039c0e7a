import { dataMutationEvents, exceptionEvents, userFlowEvents } from '../../../src/webhooks/event-names';

const families = [
  ['User flow', userFlowEvents],
  ['Data mutation', dataMutationEvents],
  ['Exception', exceptionEvents],
] as const;

export type HookEventName = (typeof userFlowEvents)[number] | (typeof dataMutationEvents)[number] | (typeof exceptionEvents)[number];

/** The events a hook subscribes to, grouped by family, each family selectable as a whole. */
export function EventPicker({ value, onChange }: { value: string[]; onChange: (events: HookEventName[]) => void }) {
  const chosen = new Set(value);
  const set = (events: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const event of events) {
      if (on) next.add(event);
      else next.delete(event);
    }
    onChange([...next] as HookEventName[]);
  };
  return (
    <div className="families">
      {families.map(([family, events]) => (
        <fieldset key={family}>
          <legend>{family} events</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={events.every((event) => chosen.has(event))}
              onChange={(e) => set(events, e.target.checked)}
            />{' '}
            All {family.toLowerCase()} events
          </label>
          {events.map((event) => (
            <label key={event} className="check">
              <input type="checkbox" checked={chosen.has(event)} onChange={(e) => set([event], e.target.checked)} /> {event}
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
