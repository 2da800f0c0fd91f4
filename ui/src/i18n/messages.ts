/**
 * Fixed Spanish texts of the specification (they are a contract, word for word) and the other
 * messages the interface shows in more than one place.
 */
export const messages = {
  unauthorizedTitle: 'No autorizado',
  mustSignIn: 'Debes iniciar sesión para acceder a esta página',
  noPermissionPage: 'No tienes permisos para acceder a esta página',
  noPermissionAction: 'No tiene permisos para realizar esta acción',
  errorApiTitle: 'Error Api',
  errorTitle: 'Error',
  close: 'Cerrar',
  notFoundHeading: 'Página no encontrada',
  forbiddenHeading: 'RECURSO LIMITADO_ACCESO CON USUARIO',
  goBack: 'Ir atrás',
  signIn: 'Iniciar Session',
  pageNotFound: 'Page Not Found',
  networkError: 'No se pudo conectar con el servidor. Revise su conexión e intente de nuevo.',
  /** Label of the request id shown with an internal error. */
  reference: 'referencia',
  newVersion: 'Hay una nueva versión de Mostrador',
  newVersionDetail: 'Recargue la página para usarla; lo que no haya guardado se perderá.',
  reload: 'Recargar',
} as const;
