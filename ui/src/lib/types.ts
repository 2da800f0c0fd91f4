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

/** A branch the user may work in (`GET /api/users/AccessBranchOffices`). */
export interface BranchOption {
  _id: number;
  code: string;
  name: string;
  address: string;
  phone: string | null;
  active: boolean;
}

/** The user's theme. */
export interface Theme {
  mode: 'light' | 'dark';
  primaryColor: string;
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
  theme: Theme;
  /** The company's licence is not in force: nothing can be changed. */
  readOnly: boolean;
}

/** Root route data: who is signed in and the CSRF token for forms that work without JavaScript. */
export interface RootData {
  user: CurrentUser | null;
  csrf: string;
}
