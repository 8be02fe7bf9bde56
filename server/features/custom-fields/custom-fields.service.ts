import {
  customFieldLimits,
  type CustomField,
  type CustomFieldCreateBody,
  type CustomFieldPatchBody,
  type CustomFieldType,
} from '../../../contracts/custom-fields.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { paginate } from '../../platform/pagination.ts';
import type { AppAccess } from '../workspace/public.ts';
import { checkDefinition, isChoiceType, isTextType, storedRules } from './custom-field-rules.ts';
import { customFieldAbilities } from './custom-fields.policy.ts';
import { presentCustomField } from './custom-fields.presenter.ts';
import * as repo from './custom-fields.repo.ts';
import type { CustomFieldScopeAccess } from './custom-fields.scopes.ts';
import { positionAfter } from './positions.ts';

const present = (access: AppAccess, field: repo.CustomFieldRow) =>
  presentCustomField(field, customFieldAbilities(access));

function assertDefinition(definition: Parameters<typeof checkDefinition>[0]): void {
  const errors = checkDefinition(definition);
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
}

/** Custom fields of the member profile form (settings/custom-fields). */
export function createCustomFieldService(deps: { db: Db }) {
  const { db } = deps;

  /** Renumbers the app's fields 1, 2, 3 … in their current order (when neighbours got too close). */
  async function renumber(tx: DbOrTx, appId: string): Promise<repo.CustomFieldRow[]> {
    const fields = await repo.listFields(tx, appId);
    for (const [index, field] of fields.entries()) {
      await repo.setFieldPosition(tx, appId, field.id, index + 1);
    }
    return repo.listFields(tx, appId);
  }

  return {
    async list(access: AppAccess): Promise<Paginated<CustomField>> {
      const fields = await repo.listFields(db, access.app.id);
      return paginate(
        fields.map((field) => present(access, field)),
        fields.length,
        { page: 1, limit: customFieldLimits.perApp },
      );
    },

    async create(access: AppAccess, input: CustomFieldCreateBody): Promise<CustomField> {
      const appId = access.app.id;
      const definition = {
        type: input.type,
        label: input.label,
        options: input.options ?? [],
        validationRules: storedRules(input.validationRules ?? {}),
      };
      assertDefinition(definition);
      const field = await db.transaction(async (tx) => {
        await repo.lockAppFields(tx, appId);
        const fields = await repo.listFields(tx, appId);
        if (fields.length >= customFieldLimits.perApp) {
          throw new AppError(409, errorCodes.conflict, { details: { limit: customFieldLimits.perApp } });
        }
        return repo.insertField(tx, {
          id: newId(),
          projectId: access.app.projectId,
          appId,
          ...definition,
          position: (fields.at(-1)?.position ?? 0) + 1,
        });
      });
      return present(access, field);
    },

    /**
     * What is sent replaces the stored value (rules key by key, null clears a length rule); the result is
     * checked as a whole. A type change drops options and length rules that no longer apply unless they were
     * sent, and removes the members' values of the field, which were given for the old type.
     */
    async update(
      { app: access, field }: CustomFieldScopeAccess,
      input: CustomFieldPatchBody,
    ): Promise<CustomField> {
      const type = (input.type ?? field.type) as CustomFieldType;
      const typeChanged = type !== field.type;
      const stored = field.validationRules;
      const rules = storedRules({
        required: stored.required,
        ...(isTextType(type) ? { minLength: stored.minLength, maxLength: stored.maxLength } : {}),
        ...input.validationRules,
      });
      const definition = {
        type,
        label: input.label ?? field.label,
        options: input.options ?? (isChoiceType(type) ? field.options : []),
        validationRules: rules,
      };
      assertDefinition(definition);
      const updated = await db.transaction(async (tx) => {
        const row = await repo.updateField(tx, field.appId, field.id, definition);
        if (!row) {
          throw notFound();
        }
        if (typeChanged) {
          await repo.removeFieldValues(tx, field.appId, field.id);
        }
        return row;
      });
      return present(access, updated);
    },

    /** The field goes, and with it every member's value for it (one transaction). */
    async remove({ field }: CustomFieldScopeAccess): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.deleteField(tx, field.appId, field.id))) {
          throw notFound();
        }
        await repo.removeFieldValues(tx, field.appId, field.id);
      });
    },

    /** Places the field right after `prevId` (null: first). */
    async move({ app: access, field }: CustomFieldScopeAccess, prevId: string | null): Promise<CustomField> {
      if (prevId === field.id) {
        throw badRequest({ prevId: 'validation.invalidValue' });
      }
      const moved = await db.transaction(async (tx) => {
        await repo.lockAppFields(tx, field.appId);
        let others = (await repo.listFields(tx, field.appId)).filter((other) => other.id !== field.id);
        if (prevId !== null && !others.some((other) => other.id === prevId)) {
          throw badRequest({ prevId: 'validation.invalidValue' });
        }
        let position = positionAfter(others, prevId);
        if (position === null) {
          others = (await renumber(tx, field.appId)).filter((other) => other.id !== field.id);
          position = positionAfter(others, prevId)!;
        }
        await repo.setFieldPosition(tx, field.appId, field.id, position);
        return { ...field, position };
      });
      return present(access, moved);
    },
  };
}

export type CustomFieldService = ReturnType<typeof createCustomFieldService>;
