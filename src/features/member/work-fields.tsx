import { useState } from 'react';
import { COLLECTION_NAME_MAX, WORK_DESCRIPTION_MAX, WORK_TAGS_MAX, WORK_TITLE_MAX } from '../../../protocol/works-api.ts';
import { Field } from '../../components/ui/form-field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import button from '../../components/ui/button.module.css';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import fields from '../../components/ui/form.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveCollection, useWorkChoices, useWorkCollections } from './api/works.ts';
import type { WorkDraft } from './work-upload-store.ts';
import styles from './works.module.css';

/** Characters as the server counts them (code points after trimming). */
export const lengthOf = (text: string) => [...text.trim()].length;

export interface WorkFieldErrors {
  title?: string;
  description?: string;
}

/** The page's own checks, before the server's: a title of 1..40, a description of at most 500. */
export function checkWorkDraft(draft: WorkDraft, texts: { titleRequired: string; titleTooLong: string; descriptionTooLong: string }): WorkFieldErrors {
  const errors: WorkFieldErrors = {};
  if (!draft.title.trim()) errors.title = texts.titleRequired;
  else if (lengthOf(draft.title) > WORK_TITLE_MAX) errors.title = texts.titleTooLong;
  if (lengthOf(draft.description) > WORK_DESCRIPTION_MAX) errors.description = texts.descriptionTooLong;
  return errors;
}

/** The words of checkWorkDraft's messages. */
export function useDraftTexts() {
  const { t } = useTranslation();
  return {
    titleRequired: t('works.titleRequired'),
    titleTooLong: t('works.titleTooLong', { max: WORK_TITLE_MAX }),
    descriptionTooLong: t('works.descriptionTooLong', { max: WORK_DESCRIPTION_MAX }),
  };
}

/** Title, description, category, tags and collection of a work: the upload form and the edit sheet share them. */
export function WorkFields({
  userId,
  idPrefix,
  draft,
  onChange,
  errors,
}: {
  userId: number;
  idPrefix: string;
  draft: WorkDraft;
  onChange: (changes: Partial<WorkDraft>) => void;
  errors: WorkFieldErrors;
}) {
  const { t } = useTranslation();
  const choices = useWorkChoices(userId);
  const id = (name: string) => `${idPrefix}-${name}`;
  const titleLength = lengthOf(draft.title);
  const descriptionLength = lengthOf(draft.description);
  const categories = choices.data?.categories ?? [];
  // Until the member picks one, a work goes in the first category.
  const categoryId = draft.categoryId || categories[0]?.id || 0;

  function toggleTag(tagId: number) {
    const on = draft.tagIds.includes(tagId);
    if (!on && draft.tagIds.length >= WORK_TAGS_MAX) return toast(t('works.tooManyTags', { max: WORK_TAGS_MAX }));
    onChange({ tagIds: on ? draft.tagIds.filter((x) => x !== tagId) : [...draft.tagIds, tagId] });
  }

  return (
    <div className={styles.fields}>
      <Field id={id('title')} label={t('works.titleLabel')} error={errors.title}>
        <input
          id={id('title')}
          className={`${fields.input} ${styles.input}`}
          value={draft.title}
          placeholder={t('works.titlePlaceholder')}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={`${id('title')}-error ${id('title')}-count`}
          onChange={(e) => onChange({ title: e.target.value })}
          data-testid="work-title"
        />
      </Field>
      <p id={`${id('title')}-count`} className={styles.count} data-over={titleLength > WORK_TITLE_MAX}>
        {titleLength}/{WORK_TITLE_MAX}
      </p>
      <Field id={id('description')} label={t('works.descriptionLabel')} error={errors.description}>
        <textarea
          id={id('description')}
          className={`${fields.input} ${styles.textarea}`}
          value={draft.description}
          placeholder={t('works.descriptionPlaceholder')}
          rows={3}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={`${id('description')}-error ${id('description')}-count`}
          onChange={(e) => onChange({ description: e.target.value })}
          data-testid="work-description"
        />
      </Field>
      <p id={`${id('description')}-count`} className={styles.count} data-over={descriptionLength > WORK_DESCRIPTION_MAX}>
        {descriptionLength}/{WORK_DESCRIPTION_MAX}
      </p>

      {choices.isPending ? (
        <Skeleton className={styles.choicesSkeleton} />
      ) : (
        <>
          <fieldset className={styles.group}>
            <legend className={fields.label}>{t('works.categoryLabel')}</legend>
            <ul className={chip.list}>
              {categories.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={`${chip.chip} ${hit.area} ${styles.choice}`}
                    aria-pressed={c.id === categoryId}
                    onClick={() => onChange({ categoryId: c.id })}
                    data-testid="work-category"
                  >
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={fields.label}>{t('works.tagsLabel', { max: WORK_TAGS_MAX })}</legend>
            {(choices.data?.groups ?? []).map((group) => (
              <div key={group.id} className={styles.tagGroup}>
                <span className={styles.tagGroupName}>{group.name}</span>
                <ul className={chip.list} aria-label={group.name}>
                  {group.tags.map((tag) => (
                    <li key={tag.id}>
                      <button
                        type="button"
                        className={`${chip.chip} ${hit.area} ${styles.choice}`}
                        aria-pressed={draft.tagIds.includes(tag.id)}
                        onClick={() => toggleTag(tag.id)}
                        data-testid="work-tag"
                      >
                        {tag.name}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </fieldset>
        </>
      )}
      <CollectionPicker userId={userId} id={id('collection')} value={draft.collectionId} onChange={(collectionId) => onChange({ collectionId })} />
    </div>
  );
}

/** The collection a work joins, and a new one made on the spot. */
function CollectionPicker({ userId, id, value, onChange }: { userId: number; id: string; value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const collections = useWorkCollections(userId);
  const [creating, setCreating] = useState(false);
  return (
    <div className={styles.collection}>
      <Field id={id} label={t('works.collectionLabel')}>
        <div className={styles.collectionRow}>
          <select
            id={id}
            className={`${fields.input} ${styles.input}`}
            value={value}
            onChange={(e) => onChange(Number(e.target.value))}
            aria-describedby={`${id}-error`}
            data-testid="work-collection"
          >
            <option value={0}>{t('works.noCollection')}</option>
            {(collections.data?.list ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {creating ? null : (
            <button type="button" className={`${button.button} ${styles.tap}`} onClick={() => setCreating(true)} data-testid="work-new-collection">
              {t('works.newCollection')}
            </button>
          )}
        </div>
      </Field>
      {creating ? (
        <CollectionNameForm
          userId={userId}
          idPrefix={`${id}-new`}
          submitLabel={t('works.create')}
          onDone={(created) => {
            setCreating(false);
            if (created) onChange(created);
          }}
        />
      ) : null}
    </div>
  );
}

/** A collection's name, created or renamed; `onDone` gets the collection's id (0 when cancelled). */
export function CollectionNameForm({
  userId,
  idPrefix,
  collectionId,
  initial = '',
  submitLabel,
  onDone,
}: {
  userId: number;
  idPrefix: string;
  collectionId?: number;
  initial?: string;
  submitLabel: string;
  onDone: (id: number) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCollection(userId);
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');

  function submit() {
    const length = lengthOf(name);
    const problem =
      length === 0 ? t('works.collectionNameRequired') : length > COLLECTION_NAME_MAX ? t('works.collectionNameTooLong', { max: COLLECTION_NAME_MAX }) : '';
    setError(problem);
    if (problem) return;
    save.mutate({ id: collectionId, name: name.trim() }, { onSuccess: (saved) => onDone(saved.id) });
  }

  return (
    <div className={styles.nameForm}>
      <Field id={`${idPrefix}-name`} label={t('works.collectionName')} error={error}>
        <input
          id={`${idPrefix}-name`}
          className={`${fields.input} ${styles.input}`}
          value={name}
          autoFocus
          aria-invalid={Boolean(error)}
          aria-describedby={`${idPrefix}-name-error`}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            // Inside another form: Enter saves the name, not that form.
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
          data-testid="collection-name"
        />
      </Field>
      <div className={styles.nameActions}>
        <button type="button" className={`${button.button} ${styles.tap}`} onClick={() => onDone(0)} disabled={save.isPending}>
          {t('common.cancel')}
        </button>
        <button type="button" className={`${button.primary} ${styles.tap}`} onClick={submit} disabled={save.isPending} data-testid="collection-save">
          {submitLabel}
        </button>
      </div>
    </div>
  );
}
