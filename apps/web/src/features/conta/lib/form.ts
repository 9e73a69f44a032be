import { MSG_CONTA } from '@rango/domain';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useRef } from 'react';

type Values = Record<string, string>;
/** Any Standard Schema (the domain's zod schemas are). */
type StandardSchemaV1 = Parameters<typeof schemaResolver>[0];

/**
 * The domain's zod schema as the form's validator (the server validates with the same object),
 * so every message is the spec's. With `confirm`, a mismatch shows even while other fields are
 * still wrong (the schema checks equality only once every field parses).
 */
export function formResolver(schema: StandardSchemaV1, { confirm = false } = {}) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: Values): FormErrors => {
    const errors = resolve(values);
    if (confirm && !errors.confirm && values.confirm && values.senha !== values.confirm) {
      errors.confirm = MSG_CONTA.senhasNaoCombinam;
    }
    return errors;
  };
}

/**
 * A form of the account pages: validates on blur (touch) and on submit (errors are alerts by
 * the theme's InputWrapper default).
 * `pinError(field, message)` shows a message that holds, through blur and submit validation,
 * until the field's value changes (a refused paste: 'Você precisa digitar o email.' must not
 * give way to 'O email é obrigatório.' when the field is left).
 */
export function useContaForm<V extends Values>(
  initialValues: V,
  schema: StandardSchemaV1,
  options: { confirm?: boolean } = {},
) {
  const pinned = useRef<FormErrors>({});
  const resolve = formResolver(schema, options);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: ((values: V) => ({ ...resolve(values), ...pinned.current })) as (values: V) => FormErrors,
    validateInputOnBlur: true,
    onValuesChange: (values, previous) => {
      for (const field of Object.keys(pinned.current)) {
        if (values[field] !== previous[field]) delete pinned.current[field];
      }
    },
  });
  const pinError = (field: keyof V & string, message: string) => {
    pinned.current[field] = message;
    form.setFieldError(field, message);
  };
  return Object.assign(form, { pinError });
}

/** A 400's field errors (`{ email: ['…'] }`) as form errors, for the fields the form has. */
export function serverFieldErrors(data: unknown, fields: readonly string[]): FormErrors {
  const errors: FormErrors = {};
  if (typeof data !== 'object' || data === null) return errors;
  for (const field of fields) {
    const value: unknown = (data as Record<string, unknown>)[field];
    const text = Array.isArray(value) ? value.find((v): v is string => typeof v === 'string') : value;
    if (typeof text === 'string' && text) errors[field] = text;
  }
  return errors;
}
