import type { ColumnType, JSONColumnType } from 'kysely';

/** Logto's `CustomProfileFieldType`. */
export type CustomProfileFieldType =
  'Text' | 'Number' | 'Date' | 'Checkbox' | 'Select' | 'Url' | 'Regex' | 'Address' | 'Fullname';

export interface CustomProfileFieldPart {
  enabled: boolean;
  name: string;
  type: CustomProfileFieldType;
  label?: string;
  description?: string;
  required: boolean;
  config?: CustomProfileFieldConfig;
}

/** Logto's `CustomProfileFieldConfig`: each type reads the members it needs. */
export interface CustomProfileFieldConfig {
  placeholder?: string;
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  format?: string;
  customFormat?: string;
  options?: { label?: string; value: string }[];
  defaultValue?: string;
  parts?: CustomProfileFieldPart[];
}

export interface CustomProfileFieldsTable {
  id: string;
  name: string;
  type: CustomProfileFieldType;
  label: string;
  description: string | null;
  required: boolean;
  config: JSONColumnType<CustomProfileFieldConfig>;
  sie_order: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface CustomProfileFieldsTables {
  custom_profile_fields: CustomProfileFieldsTable;
}
