import type { OperatorAssociationRole } from '@sukoyaka/contract';
import { createContext, useContext } from 'react';

/** The association the operator works on now (chosen in the layout), and their role there. */
interface CurrentAssociation {
  association: OperatorAssociationRole;
  canEdit: boolean;
}

export const AssociationContext = createContext<CurrentAssociation | null>(null);

export function useCurrentAssociation(): CurrentAssociation {
  const current = useContext(AssociationContext);
  if (!current) throw new Error('useCurrentAssociation outside the admin layout');
  return current;
}

const STORAGE_KEY = 'sukoyaka:admin:association';

/** The association chosen last in this tab, if the operator still holds a role there. */
export function rememberedAssociation(roles: OperatorAssociationRole[]): OperatorAssociationRole | undefined {
  let id: string | null = null;
  try {
    id = window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the first association.
  }
  return roles.find((role) => role.associationId === id) ?? roles[0];
}

export function rememberAssociation(id: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Not kept: the choice lasts until the page is reloaded.
  }
}
