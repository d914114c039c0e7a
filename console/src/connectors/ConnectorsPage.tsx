import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useApi } from '../ui/api';
import { EmailTemplates } from './EmailTemplates';
import { Alert } from '@shared/ui/Alert';
import { Select } from '@shared/ui/Field';
import { oneChoice, useZodForm } from '@shared/ui/useZodForm';
import {
  connectorsKey,
  factoriesKey,
  loadConnectors,
  loadFactories,
  nameOf,
  typeLabels,
  type Connector,
  type ConnectorType,
  type Factory,
} from './queries';

const groups: { type: ConnectorType; title: string; about: string; none: string }[] = [
  {
    type: 'Email',
    title: 'E-mail connector',
    about: 'Sends verification codes by e-mail. There is one at a time: a new one replaces it.',
    none: 'None: e-mail goes to the TESSERA_SMTP_URL server if set, else is only recorded.',
  },
  {
    type: 'Sms',
    title: 'SMS connector',
    about: 'Sends verification codes by text message. There is one at a time: a new one replaces it.',
    none: 'None: text messages are only recorded.',
  },
  {
    type: 'Social',
    title: 'Social connectors',
    about: 'Sign-in through other identity providers; choose those shown in Sign-in experience.',
    none: 'No social connectors.',
  },
];

export function ConnectorsPage() {
  const api = useApi();
  const factories = useQuery({ queryKey: factoriesKey, queryFn: () => loadFactories(api) });
  const connectors = useQuery({ queryKey: connectorsKey, queryFn: () => loadConnectors(api) });
  return (
    <>
      <h1>Connectors</h1>
      <Alert error={factories.error ?? connectors.error} />
      {groups.map((group) => (
        <section key={group.type} className="panel" aria-labelledby={`connectors-${group.type}`}>
          <h2 id={`connectors-${group.type}`}>{group.title}</h2>
          <p className="muted">{group.about}</p>
          <ConnectorTable
            caption={group.title}
            social={group.type === 'Social'}
            none={group.none}
            rows={(connectors.data ?? []).filter((connector) => connector.type === group.type)}
            factories={factories.data ?? []}
          />
          <AddConnector type={group.type} factories={factories.data ?? []} />
        </section>
      ))}
      <EmailTemplates />
    </>
  );
}

function ConnectorTable({
  caption,
  rows,
  factories,
  social,
  none,
}: {
  caption: string;
  none: string;
  rows: Connector[];
  factories: Factory[];
  social: boolean;
}) {
  const factoryName = (id: string) => {
    const factory = factories.find((candidate) => candidate.id === id);
    return factory ? nameOf(factory) : id;
  };
  return (
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Kind</th>
          {social ? <th scope="col">Target</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((connector) => (
          <tr key={connector.id}>
            <td>
              <Link to={`/connectors/${connector.id}`}>{nameOf(connector)}</Link>
            </td>
            <td>{factoryName(connector.connectorId)}</td>
            {social ? (
              <td>
                <code>{connector.target}</code>
              </td>
            ) : null}
          </tr>
        ))}
        {rows.length === 0 ? (
          <tr>
            <td colSpan={social ? 3 : 2} className="muted">
              {none}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

function AddConnector({ type, factories }: { type: ConnectorType; factories: Factory[] }) {
  const navigate = useNavigate();
  const choices = factories.filter((factory) => factory.type === type);
  const form = useZodForm(oneChoice, { value: '' });
  // Until one is chosen, the first (the select shows it once the factories are loaded).
  const factoryId = form.watch('value') || choices[0]?.id || '';
  const noun = typeLabels[type] === 'SMS' ? 'SMS' : typeLabels[type].toLowerCase();
  return (
    <div className="row">
      <Select
        label={`New ${noun} connector`}
        options={choices.map((factory) => ({ value: factory.id, label: nameOf(factory) }))}
        {...form.register('value')}
      />
      <button type="button" disabled={!factoryId} onClick={() => navigate(`/connectors/new/${factoryId}`)}>
        {`Add ${noun} connector`}
      </button>
    </div>
  );
}
