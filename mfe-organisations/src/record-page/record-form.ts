import { useFieldRefusal, useNavigate } from '@fleet/shared-api';
import { yupResolver } from '@hookform/resolvers/yup';
import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type * as yup from 'yup';
import { recordPath } from './route-record';

/** What the page needs of the save call: this remote's save mutations (`{ id, body }`, answering the new id on an add) fit. */
export interface RecordSave<B> {
  mutateAsync: (args: { id: number | null; body: B }) => Promise<{ info?: unknown }>;
  isPending: boolean;
  error: unknown;
}

export interface RecordFormOptions<V, B> {
  schema: yup.AnyObjectSchema;
  values: V;
  /** The record edited; null: a new one. */
  id: number | null;
  save: RecordSave<B>;
  bodyOf: (values: V) => B;
  /** The record's page (`:id`) and the list, where the form goes once saved and its Back leads. */
  paths: { view: string; list: string };
}

/**
 * The form of an add or edit page (agency, installation agent, electrician, field worker): checked by
 * the schema, a taken email said beside Email only (fleet-api's 409), saved, then the record's page (the
 * list when an add's answer names no id). Answers the form and RecordPage's `backTo` and `form`.
 */
export function useRecordForm<V extends FieldValues & { email: string }, B>({ schema, values, id, save, bodyOf, paths }: RecordFormOptions<V, B>) {
  const navigate = useNavigate();
  const form = useForm<V>({ resolver: yupResolver(schema) as unknown as Resolver<V>, defaultValues: values as DefaultValues<V> });
  const refusal = useFieldRefusal(save.error, form.setError, { email: 'email' as Path<V> });
  const submit = form.handleSubmit(async (typed) => {
    try {
      const answer = await save.mutateAsync({ id, body: bodyOf(typed) });
      const saved = id ?? (answer.info as { id?: number } | null | undefined)?.id;
      navigate(saved ? recordPath(paths.view, saved) : paths.list);
    } catch {
      // said on the page (and in the toast), or beside its field; what was typed stays
    }
  });
  return {
    form,
    page: {
      backTo: id === null ? paths.list : recordPath(paths.view, id),
      form: { onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event), busy: save.isPending, error: refusal },
    },
  };
}
