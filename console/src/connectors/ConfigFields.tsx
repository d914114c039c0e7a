import { Field, Select, Switch, TextArea } from '@shared/ui/Field';
import { SecretField } from '../ui/SecretField';
import type { Values } from './config-values';
import type { FormItem } from './queries';

/** One labelled control per form item of the factory; secrets as write-only password inputs. */
export function ConfigFields({
  items,
  values,
  onChange,
  secretsSet,
}: {
  items: readonly FormItem[];
  values: Values;
  onChange: (values: Values) => void;
  secretsSet: ReadonlySet<string>;
}) {
  const set = (key: string, value: string | boolean) => onChange({ ...values, [key]: value });
  return (
    <div className="columns">
      {items.map((item) => {
        const value = values[item.key];
        const text = typeof value === 'string' ? value : '';
        if (item.isConfidential) {
          return (
            <SecretField
              key={item.key}
              label={item.label}
              isSet={secretsSet.has(item.key)}
              value={text}
              onChange={(next) => set(item.key, next)}
              required={item.required}
            />
          );
        }
        switch (item.type) {
          case 'Switch':
            return (
              <Switch
                key={item.key}
                label={item.label}
                checked={value === true}
                onChange={(checked) => set(item.key, checked)}
                description={item.description}
              />
            );
          case 'Select':
            return (
              <Select
                key={item.key}
                label={item.label}
                value={text}
                onChange={(event) => set(item.key, event.target.value)}
                options={(item.selectItems ?? []).map((option) => ({
                  value: option.value,
                  label: option.title,
                }))}
              />
            );
          case 'MultilineText':
          case 'Json':
            return (
              <TextArea
                key={item.key}
                label={item.label}
                hint={item.description}
                value={text}
                rows={4}
                placeholder={item.placeholder}
                onChange={(event) => set(item.key, event.target.value)}
                required={item.required}
              />
            );
          default:
            return (
              <Field
                key={item.key}
                label={item.label}
                hint={item.description}
                type={item.type === 'Number' ? 'number' : 'text'}
                value={text}
                placeholder={item.placeholder}
                onChange={(event) => set(item.key, event.target.value)}
                required={item.required}
              />
            );
        }
      })}
    </div>
  );
}
