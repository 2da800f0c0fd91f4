/** `/admin/configAdmin/usuarios`: the company's users, their roles and branches. */
import { useLoaderData, useRevalidator } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { Field } from '../../../components/form';
import { CheckboxGroup, SelectField } from '../../../components/form-fields';
import { apiPost } from '../../../lib/api';
import type { UserRowView, UsersPage as UsersPageData } from '../../../lib/api-types';
import { toast } from '../../../lib/toast';

type UserRow = UserRowView;

const roleNames = { admin: 'Administrador', user: 'Usuario', cashier: 'Cajero' } as const;

function VerifyToggle({ user, onDone }: { user: UserRow; onDone: () => void }) {
  const toggle = async () => {
    await apiPost(`/api/users/${user._id}/setVerifyEmail`);
    onDone();
  };
  return (
    <button
      type="button"
      onClick={toggle}
      className={`rounded-full px-2 py-0.5 text-xs ${user.isEmailVerified ? 'bg-primary-100 text-primary-800' : 'bg-amber-100 text-amber-800'}`}
      aria-label={`Correo ${user.isEmailVerified ? 'verificado' : 'sin verificar'}: cambiar`}
      data-testid="verify-toggle"
    >
      {user.isEmailVerified ? 'Verificado' : 'Sin verificar'}
    </button>
  );
}

export default function UsersPage() {
  const { list, branches } = useLoaderData() as UsersPageData;
  const revalidator = useRevalidator();
  const branchName = (id: number) => branches.find((b) => b._id === id)?.code ?? String(id);
  const config: ListConfig<UserRow> = {
    base: '/api/users',
    title: 'Usuarios',
    description: 'Los nuevos usuarios reciben un correo para elegir su contraseña.',
    newLabel: 'Nuevo usuario',
    emptyText: 'No hay usuarios.',
    onlyActiveLabel: 'Solo activos',
    canCopy: true,
    columns: [
      { key: 'name', label: 'Nombre', sortable: true, render: (u) => <span className="font-medium">{u.name}</span> },
      { key: 'email', label: 'Correo', sortable: true, render: (u) => u.email },
      { key: 'role', label: 'Rol', sortable: true, render: (u) => roleNames[u.role] },
      { key: 'branches', label: 'Sucursales', render: (u) => u.branchOfficesAccess.map(branchName).join(', ') },
      { key: 'verified', label: 'Correo', render: (u) => <VerifyToggle user={u} onDone={() => revalidator.revalidate()} /> },
      {
        key: 'state',
        label: 'Estado',
        render: (u) => (
          <span className={`rounded-full px-2 py-0.5 text-xs ${u.locked ? 'bg-red-100 text-red-800' : 'bg-primary-100 text-primary-800'}`}>{u.locked ? 'Bloqueado' : 'Activo'}</span>
        ),
      },
    ],
    extraActions: [
      {
        label: 'Enviar enlace para nueva contraseña',
        icon: 'mail',
        hidden: (u) => u.locked,
        run: async (u) => {
          const res = await apiPost<{ message: string }>(`/api/users/${u._id}/resetPassword`);
          toast({ title: 'Enlace enviado', description: res.message, color: 'success' });
        },
      },
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar usuario' : mode === 'copy' ? 'Nuevo usuario (copia)' : 'Nuevo usuario'),
    modalSize: 'lg',
    renderForm: ({ values, errors, mode }) => (
      <>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Nombre" name="name" required defaultValue={mode === 'copy' ? '' : (values?.name ?? '')} error={errors.name} />
          <Field
            label="Correo electrónico"
            name="email"
            type="email"
            required
            defaultValue={mode === 'edit' ? values?.email : ''}
            disabled={mode === 'edit'}
            error={errors.email}
            hint={mode === 'edit' ? 'El correo identifica al usuario y no se cambia.' : undefined}
          />
        </div>
        <SelectField label="Rol" name="role" defaultValue={values?.role ?? 'user'} error={errors.role}>
          <option value="admin">Administrador: todo, incluida la configuración</option>
          <option value="user">Usuario: ventas, inventario, cuentas</option>
          <option value="cashier">Cajero: caja, notas de venta y facturas</option>
        </SelectField>
        <CheckboxGroup
          label="Sucursales en las que trabaja"
          name="branchOfficesAccess"
          options={branches.map((b) => ({ value: String(b._id), label: `${b.code} · ${b.name}` }))}
          checked={(values?.branchOfficesAccess ?? (branches[0] ? [branches[0]._id] : [])).map(String)}
          error={errors.branchOfficesAccess}
        />
        <Field label="Página de inicio (opcional)" name="defaultMenu" defaultValue={values?.defaultMenu ?? ''} placeholder="/admin" error={errors.defaultMenu} />
      </>
    ),
    toBody: (form, mode) => ({
      ...(mode === 'edit' ? {} : { email: String(form.get('email') ?? '') }),
      name: String(form.get('name') ?? ''),
      role: String(form.get('role') ?? 'user'),
      branchOfficesAccess: form.getAll('branchOfficesAccess').map(Number),
      defaultMenu: String(form.get('defaultMenu') ?? '') || null,
    }),
  };
  return <ListScreen config={config} data={list} />;
}
