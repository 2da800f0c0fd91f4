/** Shapes the API returns, mirrored from `server/views/`. */
import type { Role } from '../route-table';

export interface BranchOfficeRef {
  _id: number;
  code: string;
  name: string;
}

export interface CompanySelectedData {
  branchOffice: BranchOfficeRef | null;
  typeRegimen: '1' | '2' | '3';
  isRet: boolean;
}

/** `GET /api/user`. */
export interface CurrentUser {
  _id: number;
  email: string;
  name: string;
  role: Role;
  branchOfficesAccess: number[];
  defaultMenu: string | null;
  isEmailVerified: boolean;
  companyName: string | null;
  companySelectedData: CompanySelectedData;
}

/** Root route data: who is signed in and the CSRF token for forms that work without JavaScript. */
export interface RootData {
  user: CurrentUser | null;
  csrf: string;
}
