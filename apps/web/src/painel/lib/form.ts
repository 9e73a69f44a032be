import { MSG_PAINEL } from '@rango/domain/painel';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';

/** Any Standard Schema (the domain's zod schemas are). */
type StandardSchemaV1 = Parameters<typeof schemaResolver>[0];
type Values = Record<string, unknown>;

/**
 * A panel form validated by the domain's schema (the server validates with the same object):
 * on blur (touch) and on submit; the theme makes each field error an alert. With `confirm`, the
 * 'confirm' field must equal 'senha'.
 */
export function usePainelForm<V extends Values>(
  initialValues: V,
  schema: StandardSchemaV1,
  { confirm = false }: { confirm?: boolean } = {},
) {
  const resolve = schemaResolver(schema, { sync: true });
  return useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: ((values: V): FormErrors => {
      const errors = resolve(values);
      if (confirm && !errors.confirm) {
        if (!values.confirm) errors.confirm = MSG_PAINEL.confirmeSenha;
        else if (values.confirm !== values.senha) errors.confirm = MSG_PAINEL.senhasDiferentes;
      }
      return errors;
    }) as (values: V) => FormErrors,
    validateInputOnBlur: true,
  });
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
