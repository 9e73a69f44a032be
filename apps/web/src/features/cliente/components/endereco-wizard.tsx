import '@mantine/core/styles/Stepper.css';
import {
  MSG_CONTA,
  enderecoInputSchema,
  isCep,
  maskCep,
  type EnderecoLocal,
  type EnderecoValido,
} from '@rango/domain';
import { Button, Group, Loader, Stepper, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { getCep } from '../api/get-cep.ts';
import classes from './endereco-wizard.module.css';

export interface EnderecoFormValues {
  cep: string;
  rua: string;
  numero: string;
  bairro: string;
  cidade: string;
  uf: string;
  complemento: string;
  detalhe: string;
}

const EMPTY: EnderecoFormValues = {
  cep: '',
  rua: '',
  numero: '',
  bairro: '',
  cidade: '',
  uf: '',
  complemento: '',
  detalhe: '',
};

function toFormValues(e: EnderecoLocal | null | undefined): EnderecoFormValues {
  if (!e) return EMPTY;
  return {
    cep: maskCep(e.cep),
    rua: e.rua,
    numero: e.numero,
    bairro: e.bairro,
    cidade: e.cidade,
    uf: e.uf,
    complemento: e.complemento ?? '',
    detalhe: e.detalhe ?? '',
  };
}

// The domain's rules, first message per field (the same schema the server validates with).
const validate = schemaResolver(enderecoInputSchema, { sync: true });

type Lookup = { cep: string; found: Promise<boolean> };

export interface EnderecoWizardProps {
  /** The address being edited; a new one when absent. */
  initial?: EnderecoLocal | null;
  /** Saves the validated address (uf already a sigla). Notices are the caller's. */
  onSubmit: (endereco: EnderecoValido) => Promise<void>;
  onCancel?: () => void;
  /**
   * Focus the CEP field on mount: the wizard replaced the content (and the focused button) of a
   * modal already open, whose own initial focus has passed.
   */
  focusOnMount?: boolean;
}

/**
 * The two-step address wizard (spec sections 2 and 5): 'CEP', then 'Endereço'. The CEP is
 * looked up on leaving its field; a found one fills rua, bairro, cidade and uf, an unknown one
 * gives the spec's warning and resets the form.
 */
export function EnderecoWizard({ initial, onSubmit, onCancel, focusOnMount = false }: EnderecoWizardProps) {
  const [initialValues] = useState(() => toFormValues(initial));
  const form = useForm<EnderecoFormValues>({
    mode: 'controlled',
    initialValues,
    validate,
    validateInputOnBlur: true,
  });
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [looking, setLooking] = useState(false);
  // An edited address's CEP is already known: no lookup unless it changes.
  const lookupRef = useRef<Lookup | null>(
    initial ? { cep: initialValues.cep, found: Promise.resolve(true) } : null,
  );
  const lookupSeq = useRef(0);
  const cepRef = useRef<HTMLInputElement>(null);
  const numeroRef = useRef<HTMLInputElement>(null);
  const moved = useRef(false);

  const [focusFirst] = useState(focusOnMount);
  useEffect(() => {
    if (focusFirst) cepRef.current?.focus();
  }, [focusFirst]);

  useEffect(() => {
    // Focus follows the step (not on the first render: the modal focuses its first field).
    if (!moved.current) return;
    if (step === 1) numeroRef.current?.focus();
    else cepRef.current?.focus();
  }, [step]);

  function lookup(cep: string): Promise<boolean> {
    if (lookupRef.current?.cep === cep) return lookupRef.current.found;
    // Only the latest lookup's answer counts: an older one arriving late (found or not) must not
    // fill or reset the form for a CEP the customer has since replaced.
    const seq = ++lookupSeq.current;
    const latest = () => seq === lookupSeq.current;
    const found = (async () => {
      setLooking(true);
      try {
        const answer = await getCep(cep);
        if (!latest()) return false;
        if ('erro' in answer) throw new ApiError(404, undefined);
        form.setValues({
          rua: answer.logradouro,
          bairro: answer.bairro,
          cidade: answer.localidade,
          uf: answer.uf,
        });
        form.clearErrors();
        return true;
      } catch (e) {
        if (!latest()) return false;
        lookupRef.current = null;
        if (e instanceof ApiError && (e.status === 400 || e.status === 404)) {
          notifications.show({ color: 'yellow', message: MSG_CONTA.cepNaoEncontrado(cep) });
          form.reset();
        } else {
          notifications.show({ color: 'red', message: e instanceof Error ? e.message : String(e) });
        }
        return false;
      } finally {
        if (latest()) setLooking(false);
      }
    })();
    lookupRef.current = { cep, found };
    return found;
  }

  function onCepBlur() {
    const { cep } = form.getValues();
    if (cep.length <= 9 && isCep(cep)) void lookup(cep);
  }

  async function next() {
    if (form.validateField('cep').hasError) return;
    if (await lookup(form.getValues().cep)) {
      moved.current = true;
      setStep(1);
    }
  }

  function back() {
    moved.current = true;
    setStep(0);
  }

  async function confirm() {
    const result = form.validate();
    if (result.hasErrors) {
      if ('cep' in result.errors) back();
      return;
    }
    const parsed = enderecoInputSchema.safeParse(form.getValues());
    if (!parsed.success) return;
    setSaving(true);
    try {
      await onSubmit(parsed.data);
    } finally {
      setSaving(false);
    }
  }

  const cepProps = form.getInputProps('cep');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void (step === 0 ? next() : confirm());
      }}
    >
      <Stepper active={step} size="sm" allowNextStepsSelect={false} mb="md">
        <Stepper.Step label="CEP" aria-current={step === 0 ? 'step' : undefined}>
          <TextInput
            ref={cepRef}
            label="CEP"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            data-autofocus
            withAsterisk
            rightSection={looking ? <Loader size="xs" aria-label="Buscando o CEP" /> : null}
            {...cepProps}
            onChange={(e) => form.setFieldValue('cep', maskCep(e.currentTarget.value))}
            onBlur={(e) => {
              cepProps.onBlur?.(e);
              onCepBlur();
            }}
          />
        </Stepper.Step>
        <Stepper.Step label="Endereço" aria-current={step === 1 ? 'step' : undefined}>
          <div className={classes.grid}>
            <TextInput label="Rua" autoComplete="address-line1" withAsterisk {...form.getInputProps('rua')} />
            <TextInput ref={numeroRef} label="Número" withAsterisk {...form.getInputProps('numero')} />
            <TextInput
              className={classes.wide}
              label="Bairro"
              withAsterisk
              {...form.getInputProps('bairro')}
            />
            <TextInput
              label="Cidade"
              autoComplete="address-level2"
              withAsterisk
              {...form.getInputProps('cidade')}
            />
            <TextInput label="UF" autoComplete="address-level1" withAsterisk {...form.getInputProps('uf')} />
            <TextInput className={classes.wide} label="Complemento" {...form.getInputProps('complemento')} />
            <TextInput className={classes.wide} label="Referência" {...form.getInputProps('detalhe')} />
          </div>
        </Stepper.Step>
      </Stepper>
      <Group justify="flex-end" gap="sm">
        {step === 0 ? (
          <>
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancelar
              </Button>
            )}
            {/* Never disabled while looking up: the blur that starts it comes right before this click. */}
            <Button type="submit">Próximo</Button>
          </>
        ) : (
          <>
            <Button variant="default" onClick={back} disabled={saving}>
              Anterior
            </Button>
            <Button type="submit" loading={saving}>
              Confirmar
            </Button>
          </>
        )}
      </Group>
    </form>
  );
}
