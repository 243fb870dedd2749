import { recordId } from '../account/org-verification';

/** The association an operator call acts in: checked against the operator's roles by the route layer. */
export const operatorAssociationId = () => recordId('健康保険組合ID');
