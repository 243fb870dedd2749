import { createParcel } from '@sukoyaka/shared';
import { MedicalBillsView } from './MedicalBillsView';
import { MedicalExamsView } from './MedicalExamsView';
import { MedicinesView } from './MedicinesView';

/*
 * The records as single-spa parcels, for mf-health's /health_reports, /medication/histories and
 * /medical_expenses/bills (mounted with mf-shared's AreaParcel): the same views as this area's
 * pages, written once. They use no router (the host owns the page): links are AppLinks.
 */
export const MynaMedicalExamsParcel = createParcel(MedicalExamsView);
export const MynaMedicinesParcel = createParcel(MedicinesView);
export const MynaMedicalBillsParcel = createParcel(() => <MedicalBillsView />);
