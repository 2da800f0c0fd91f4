/** `/admin/configAdmin`: the configuration hub (administrators only). */
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/icons';

const sections: { to: string; icon: IconName; title: string; text: string }[] = [
  { to: 'empresa', icon: 'building', title: 'Empresa', text: 'RUC, razón social, régimen, logo, sucursales y puntos de emisión.' },
  { to: 'usuarios', icon: 'user', title: 'Usuarios', text: 'Quién entra, con qué rol y a qué sucursales.' },
  { to: 'licencias', icon: 'key', title: 'Licencias', text: 'Plan contratado, vigencia y usuarios permitidos.' },
  { to: 'feriados', icon: 'calendar', title: 'Feriados', text: 'Días no laborables, para calcular vencimientos.' },
  { to: 'impuestos', icon: 'tag', title: 'Impuestos', text: 'Retenciones de renta e IVA y tarifas de IVA, con la fecha desde la que rige cada una.' },
];

export default function ConfigHub() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Configuración</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        {sections.map((s) => (
          <Link key={s.to} to={s.to} className="card flex gap-4 hover:border-primary-500">
            <Icon name={s.icon} className="h-8 w-8 shrink-0 text-primary-600" />
            <div>
              <h2 className="font-semibold">{s.title}</h2>
              <p className="text-sm text-gray-600 dark:text-gray-300">{s.text}</p>
            </div>
          </Link>
        ))}
      </div>
    </div>
  );
}
